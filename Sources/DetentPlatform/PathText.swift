/// File paths as text (no file-system access): joining a component, the last component and
/// the path without it. Unlike `NSString`'s path methods, `join` does not tidy doubled
/// slashes.
public enum PathText {
    /// `folder` + "/" + `component`, with one slash between them; an empty folder gives the
    /// component alone.
    public static func join(_ folder: String, _ component: String) -> String {
        if folder.isEmpty { return component }
        if component.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + component : folder + "/" + component
    }

    /// The last component: "a/b/c.jsonl" → "c.jsonl", "a/b/" → "b", "/" → "/".
    public static func lastComponent(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The path without its last component: "a/b/c" → "a/b", "/a" → "/", "c" → "" (trailing
    /// slashes are ignored, as in `deletingLastPathComponent`).
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return String(parent)
    }

    /// `path` made absolute against the absolute folder `base` (an absolute path stays as it
    /// is), with "." and ".." components resolved as text.
    public static func absolute(_ path: String, base: String) -> String {
        standardized(path.hasPrefix("/") ? path : join(base, path))
    }

    /// An absolute path with "." and ".." components and doubled slashes resolved as text
    /// (links are not followed): "/a/./b/../c/" → "/a/c".
    public static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// How `path` reads from the folder `base` (both absolute): "spec/a_spec.lua" below it,
    /// "." for the folder itself, "../spec/a_spec.lua" beside it; the absolute path when the
    /// two share nothing but the root.
    public static func relative(_ path: String, to base: String) -> String {
        let target = standardized(path).split(separator: "/"), from = standardized(base).split(separator: "/")
        var common = 0
        while common < target.count, common < from.count, target[common] == from[common] { common += 1 }
        if common == 0 { return standardized(path) }
        let ups = Array(repeating: "..", count: from.count - common)
        let rest = target[common...].map(String.init)
        let parts = ups + rest
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A path as Detent shows it to someone working in `base` (absolute): relative when it
    /// lies below `base` ("spec/a_spec.lua", "." for `base` itself); otherwise absolute, or —
    /// with `dotDot` — relative with ".." where the two share more than the root
    /// ("../spec/a_spec.lua"). A relative path is shown as it is.
    public static func shown(_ path: String, from base: String, dotDot: Bool = false) -> String {
        guard path.hasPrefix("/") else { return path }
        let absolute = standardized(path), folder = standardized(base)
        if absolute == folder { return "." }
        let prefix = folder == "/" ? "/" : folder + "/"
        if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        return dotDot ? relative(absolute, to: folder) : absolute
    }
}
