import DetentLua
import DetentWorld

/// Everything the rest of Detent needs to know of one engine kind, declared once beside its
/// binding (`DrawerBinding.registration`): the Lua constructor `world:<kind>{...}` and the
/// classes of its handles, the config sections it owns, its properties (the engine's one
/// `PropertyTable`), the words of its status line, the fields the console summarises a
/// handle with, and how a trace draws it. `EngineRegistry.all` lists the registrations; the
/// world's constructors, the config loader, `EngineSummary`, the console and traces read it.
public struct EngineRegistration: Sendable {
    /// The constructor's name (`world:drawer{...}`), and the kind traces and the replay draw.
    public let kind: String
    /// Lua that makes one engine of this kind in the current world (`world:drawer{anchors =
    /// {"top", "bottom"}}`): what the registration's own test builds to check every part of the
    /// record against a live engine.
    public let example: String
    /// The config sections this kind owns, read in registry order (`[drawer]` of engine.toml).
    public let settings: [EngineSettingsSection]
    /// The names of the events its engines emit (`world:on`, `wait_event` and reporters'
    /// filters check a name against these).
    public let events: [String]
    /// The names of its properties, from its `PropertyTable` (the Lua handle, traces,
    /// `wait_idle`, completion, type definitions and docs read the same table). Read from the
    /// table when asked: loading the configuration makes every registration (for its
    /// sections) and needs no property table, which `run`'s coordinator never builds.
    public var propertyNames: [String] { listPropertyNames() }
    private let listPropertyNames: @Sendable () -> [String]
    /// The last part of every world property name its engines may have (`TabulatedEngine.propertyKeys`),
    /// read when asked for the same reason.
    public var propertyKeys: [String] { listPropertyKeys() }
    private let listPropertyKeys: @Sendable () -> [String]
    /// The Lua class names its bindings register, each with the properties the console
    /// shows in a handle's short form (`<drawer anchor=middle origin=422.0>`).
    public let consoleFields: [(className: String, fields: [String])]
    /// How the replay page draws the kinds of element `drawing` makes: JavaScript (a file of
    /// its own under Replay/, compiled in) that adds a `DRAWERS.<kind>` function for each.
    public let replayScript: String
    /// Where its elements go in a frame, back to front: kinds are drawn in increasing layer
    /// (a split's columns under navigations, drawers on top).
    public let layer: Int
    private let registerClasses: @Sendable (LuaState) -> Void
    private let constructor: @Sendable (World, LuaCall) throws -> Int32
    private let isKind: @Sendable (any WorldEngine) -> Bool
    private let describe: @Sendable (any WorldEngine) -> [String]?
    private let draw: @Sendable (any WorldEngine, inout EngineDrawing) -> Bool
    private let listParts: @Sendable (any WorldEngine) -> [AnyObject]

    /// A kind whose engines are `Engine`s.
    /// - `events`: the event names its engines emit.
    /// - `classes`: registers the Lua classes of its handles.
    /// - `construct`: `world:<kind>{...}` (the world, the call; pushes the handle, returns 1).
    /// - `summary`: the state words after the engine's name in a status line.
    /// - `drawing`: adds what a replay draws of the engine to a frame.
    /// - `parts`: engines of the world it draws as part of itself (a sheet's navigation),
    ///   which are then not drawn on their own.
    public init<Engine: TabulatedEngine & SendableMetatype>(
        kind: String, engine: Engine.Type, example: String, settings: [EngineSettingsSection], events: [String],
        consoleFields: [(className: String, fields: [String])], replayScript: [UInt8], layer: Int,
        classes: @escaping @Sendable (LuaState) -> Void,
        construct: @escaping @Sendable (World, LuaCall) throws -> Int32,
        summary: @escaping @Sendable (Engine) -> [String],
        drawing: @escaping @Sendable (Engine, inout EngineDrawing) -> Void,
        parts: @escaping @Sendable (Engine) -> [AnyObject] = { _ in [] }
    ) {
        self.kind = kind
        self.example = example
        self.settings = settings
        self.events = events
        listPropertyNames = { Engine.properties.properties.map(\.name) }
        listPropertyKeys = { Engine.propertyKeys }
        self.consoleFields = consoleFields
        self.replayScript = String(decoding: replayScript, as: UTF8.self)
        self.layer = layer
        registerClasses = classes
        constructor = construct
        isKind = { $0 is Engine }
        describe = { ($0 as? Engine).map(summary) }
        draw = { engine, frame in
            guard let engine = engine as? Engine else { return false }
            drawing(engine, &frame)
            return true
        }
        listParts = { ($0 as? Engine).map(parts) ?? [] }
    }

    /// Registers the classes of this kind's handles in `lua`.
    func register(in lua: LuaState) { registerClasses(lua) }

    /// `world:<kind>{...}`.
    func construct(in world: World, _ call: LuaCall) throws -> Int32 { try constructor(world, call) }

    /// Whether `engine` is of this kind.
    public func claims(_ engine: any WorldEngine) -> Bool { isKind(engine) }

    /// The state words of `engine` if it is of this kind.
    public func summary(of engine: any WorldEngine) -> [String]? { describe(engine) }

    /// The engines `engine` draws as part of itself.
    public func parts(of engine: any WorldEngine) -> [AnyObject] { listParts(engine) }

    /// Adds `engine`'s drawing to `frame` if it is of this kind; false if it is not.
    public func draw(_ engine: any WorldEngine, into frame: inout EngineDrawing) -> Bool { draw(engine, &frame) }
}
