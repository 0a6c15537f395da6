/// Where each key of a configuration came from, by its dotted key in the whole tree
/// (`engine.drawer.spring_stiffness`, `device[3].name`).
public struct ConfigOrigins: Equatable, Sendable {
    public private(set) var byKey: [String: ConfigOrigin] = [:]

    public init() {}

    /// One file's keys: `lines` spelled as the file spells them, placed under `prefix` in the
    /// tree (engine.toml's keys under `engine`).
    init(file: String, kind: ConfigOrigin.Kind, lines: TOMLKeyLines, prefix: String = "") {
        for (key, line) in lines.lines {
            byKey[ConfigOrigins.join(prefix, key)] = ConfigOrigin(kind: kind, name: file, line: line, writtenKey: key)
        }
    }

    /// The origin of `key`, or, for a key written inside an inline table or not written at
    /// all (a missing key), its nearest parent's — at that parent's line, with the rest of
    /// the key appended to the parent's spelling.
    public func origin(of key: String) -> ConfigOrigin? {
        var candidate = Substring(key)
        while true {
            if var origin = byKey[String(candidate)] {
                origin.writtenKey += key.dropFirst(candidate.count)
                return origin
            }
            guard let cut = candidate.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            candidate = candidate[..<cut]
        }
        return nil
    }

    public subscript(key: String) -> ConfigOrigin? {
        get { byKey[key] }
        set { byKey[key] = newValue }
    }

    /// Forgets `key` and, with `children` (it held a table or an array), everything below it:
    /// a value replaced whole. (Only a table's or an array's keys are searched for, so laying
    /// a file of scalars costs one lookup a key.)
    mutating func remove(_ key: String, children: Bool) {
        byKey[key] = nil
        guard children else { return }
        for existing in byKey.keys where ConfigOrigins.isAtOrBelow(existing, key) { byKey[existing] = nil }
    }

    /// Takes `other`'s origin of `key` — with `children`, of everything below it too —
    /// renamed to sit at `target`.
    mutating func copy(_ key: String, from other: ConfigOrigins, to target: String, children: Bool) {
        if let origin = other.byKey[key] { byKey[target] = origin }
        guard children else { return }
        for (existing, origin) in other.byKey where ConfigOrigins.isAtOrBelow(existing, key) {
            byKey[target + existing.dropFirst(key.count)] = origin
        }
    }

    static func isAtOrBelow(_ key: String, _ parent: String) -> Bool {
        key == parent || key.hasPrefix(parent + ".") || key.hasPrefix(parent + "[")
    }

    static func join(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : key.isEmpty ? prefix : prefix + "." + key
    }
}
