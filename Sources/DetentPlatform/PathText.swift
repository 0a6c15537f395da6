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
}
