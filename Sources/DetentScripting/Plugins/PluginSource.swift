/// A plugin file as read from disk (SPEC §12): its path as messages show it, and its text.
/// Read once per run; every spec file's Lua state loads it fresh.
public struct PluginSource: Sendable, Equatable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// A plugin loaded into a state: what it says of itself and what it registered, by kind
/// ("policy", "curve", "gesture", "assertion", "handler", "invariant").
public struct PluginRecord: Sendable, Equatable {
    public var name: String
    public var version: String
    public var file: String
    public var registered: [String: [String]]

    public init(name: String, version: String, file: String, registered: [String: [String]]) {
        self.name = name
        self.version = version
        self.file = file
        self.registered = registered
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
