/// One script-visible property of an engine, declared once: its name, its type as the editor
/// definitions spell it (lua-language-server syntax, e.g. `number`, `string?`,
/// `"resting"|"dragging"`), its unit, a one-line doc, and how to read it. The same
/// declaration serves Lua reads, traces and `wait_idle` (for traced numbers), state
/// snapshots, the console's completion, `scripts/types/engines.lua` and `docs/api.md`.
///
/// The binding supplies a writable property's setter by name (reading a script's value is
/// Lua's business); the generated docs then say the field is assignable.
public struct EngineProperty<Engine: AnyObject>: Sendable {
    public let name: String
    public let type: String
    /// "pt", "pt/s", "s", "0…1", or nil when unitless.
    public let unit: String?
    public let doc: String
    /// Numbers read without building a `PropertyValue`; set for every numeric property.
    public let number: (@Sendable (Engine) -> Double?)?
    /// Traced numbers are world properties ("<engine>.<name>"), sampled every frame by
    /// `trace{}` and compared by `wait_idle`.
    public let isTraced: Bool
    private let read: @Sendable (Engine) -> PropertyValue

    /// A number sampled every frame (traces, `wait_idle`, `world:property`).
    public static func traced(_ name: String, _ type: String = "number", unit: String?, _ doc: String,
                              _ read: @escaping @Sendable (Engine) -> Double?) -> Self {
        Self(name: name, type: type, unit: unit, doc: doc, number: read, isTraced: true) { read($0).map(PropertyValue.number) ?? .none }
    }

    /// A boolean traced as 1 or 0 (scripts read true or false).
    public static func tracedFlag(_ name: String, _ doc: String, _ read: @escaping @Sendable (Engine) -> Bool) -> Self {
        Self(name: name, type: "boolean", unit: nil, doc: doc, number: { read($0) ? 1 : 0 }, isTraced: true) { .boolean(read($0)) }
    }

    /// A number read on demand only (`type` "integer" for counts).
    public static func number(_ name: String, _ type: String = "number", unit: String?, _ doc: String,
                              _ read: @escaping @Sendable (Engine) -> Double?) -> Self {
        Self(name: name, type: type, unit: unit, doc: doc, number: read, isTraced: false) { read($0).map(PropertyValue.number) ?? .none }
    }

    /// Any other value: a string, a boolean, a list or a record.
    public static func value(_ name: String, _ type: String, unit: String? = nil, _ doc: String,
                             _ read: @escaping @Sendable (Engine) -> PropertyValue) -> Self {
        Self(name: name, type: type, unit: unit, doc: doc, number: nil, isTraced: false, read: read)
    }

    private init(name: String, type: String, unit: String?, doc: String, number: (@Sendable (Engine) -> Double?)?, isTraced: Bool,
                 read: @escaping @Sendable (Engine) -> PropertyValue) {
        self.name = name
        self.type = type
        self.unit = unit
        self.doc = doc
        self.number = number
        self.isTraced = isTraced
        self.read = read
    }

    /// True when scripts read the property as a number (`number` answers it directly).
    public var readsAsNumber: Bool { number != nil && type != "boolean" }

    /// The property's value now.
    public func value(of engine: Engine) -> PropertyValue { read(engine) }
}
