/// What an engine property reads as, free of Lua: the scripting bindings turn it into a Lua
/// value, state snapshots into JSON. Records keep their fields' order (deterministic output).
public enum PropertyValue: Equatable, Sendable {
    case none
    case number(Double)
    case string(String)
    case boolean(Bool)
    case list([PropertyValue])
    case record([PropertyField])

    /// A string, or `.none` for nil.
    public static func optional(_ text: String?) -> PropertyValue { text.map { .string($0) } ?? .none }
}

/// One field of a `PropertyValue.record`.
public struct PropertyField: Equatable, Sendable {
    public var name: String
    public var value: PropertyValue
    public init(_ name: String, _ value: PropertyValue) {
        self.name = name
        self.value = value
    }
}
