/// A plugin file as read from disk (SPEC §12): its path as messages show it, and its text.
/// Read once per run; every spec file's Lua state loads it fresh.
public struct PluginSource: Sendable, Equatable {
    public let path: String
    public let text: String
    /// FNV-1a of the text's UTF-8 bytes, taken once: what the per-process caches key on
    /// (hashing the text itself would normalize it on every lookup).
    let fingerprint: UInt64

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        fingerprint = hash
    }

    /// What caches key on: the path and the fingerprint (an edited file is another key).
    struct Key: Hashable, Sendable {
        let path: String
        let fingerprint: UInt64
        let length: Int
    }

    var key: Key { Key(path: path, fingerprint: fingerprint, length: text.utf8.count) }
}

/// A plugin loaded into a state: what it says of itself and what it registered, by kind
/// ("policy", "curve", "gesture", "assertion", "handler", "invariant").
public struct PluginRecord: Sendable, Equatable {
    public var name: String
    public var version: String
    public var file: String
    public var registered: [String: [String]]
    /// Each invariant's tags, without their '#': it covers the tests whose names carry one of
    /// them; an empty list covers every test.
    public var invariantTags: [String: [String]]

    public init(name: String, version: String, file: String, registered: [String: [String]], invariantTags: [String: [String]] = [:]) {
        self.name = name
        self.version = version
        self.file = file
        self.registered = registered
        self.invariantTags = invariantTags
    }

    /// Which tests invariant `name` covers, in words: "every test", "tests tagged #a or #b".
    public func coverage(ofInvariant name: String) -> String {
        let tags = invariantTags[name] ?? []
        return tags.isEmpty ? "every test" : "tests tagged " + tags.map { "#" + $0 }.joined(separator: " or ")
    }
}

/// A plugin that did not load: its file and the message, which starts with `file:line:`.
public struct PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { message }
}
