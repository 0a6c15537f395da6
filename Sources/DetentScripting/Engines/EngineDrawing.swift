import DetentJSON
import DetentLayout

/// What a trace's replay draws of one frame, built by the registrations (`EngineRegistration`'s
/// drawing) back to front: elements with a stable id, a kind, a frame in window points (`x`,
/// `y`, `w`, `h`) and a few fields of their own, as the trace writes them (`.pt`, `.value`:
/// TraceGeometry adds the device and fingers and writes them as they are); the replay's
/// JavaScript draws each kind with its registration's script.
///
/// A drawing lives from frame to frame, so an engine can remember what it showed (a popped
/// screen stays drawn until it has disappeared): `memory`.
public struct EngineDrawing {
    /// One thing drawn.
    public struct Element {
        public var id: String
        public var fields: [(String, JSONValue)]

        public init(id: String, fields: [(String, JSONValue)]) {
            self.id = id
            self.fields = fields
        }
    }

    /// The elements of the frame being drawn, back to front.
    public internal(set) var elements: [Element] = []
    /// What engines remember between frames, by engine (held, so an identifier cannot pass to
    /// a later engine).
    private var memory: [ObjectIdentifier: (owner: AnyObject, value: Any)] = [:]

    public init() {}

    /// Starts a new frame (the memory stays).
    public mutating func beginFrame() { elements.removeAll(keepingCapacity: true) }

    public mutating func add(_ element: Element) { elements.append(element) }

    /// What `engine` remembered at the last frame it was drawn.
    public func remembered<Memory>(by engine: AnyObject, as type: Memory.Type) -> Memory? {
        memory[ObjectIdentifier(engine)].flatMap { $0.owner === engine ? $0.value as? Memory : nil }
    }

    public mutating func remember(_ value: Any, by engine: AnyObject) {
        memory[ObjectIdentifier(engine)] = (engine, value)
    }

    /// A rectangle as `[x, y, w, h]`, points.
    public static func rect(_ r: Rect) -> JSONValue { .array([.pt(r.x), .pt(r.y), .pt(r.width), .pt(r.height)]) }
}
