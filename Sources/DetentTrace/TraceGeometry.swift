import DetentScripting
import DetentWorld
import DetentJSON

/// What a replay draws of one frame: the device, split columns, navigation containers with
/// their screens and bars, tab bars, sheets (with their dimming) and drawers, and the fingers
/// down — each an element with a stable id, a kind, a frame in window points (`x`, `y`, `w`,
/// `h`) and a few fields of its own, in drawing order (`z`). Only what the engines expose
/// publicly is read, and reading changes nothing. Traces record it frame by frame; Detent
/// Studio's live page draws it from `subscribe {geometry = true}` samples.
public struct TraceGeometry {
    public typealias Element = EngineDrawing.Element

    /// The engines' drawing, kept from frame to frame: what each remembers (the screens a
    /// navigation showed, so a popped screen stays drawn until it has disappeared).
    private var drawing = EngineDrawing()

    public init() {}

    /// The elements of `world` now, back to front.
    public mutating func elements(of world: World) -> [Element] {
        var out: [Element] = []
        let c = world.configuration
        let insets = c.safeAreaInsets
        out.append(Element(id: "device", fields: [
            ("kind", .string("device")), ("name", .string(c.device.name)), ("orientation", .string(c.orientation.rawValue)),
            ("x", .pt(0)), ("y", .pt(0)), ("w", .pt(c.screenWidth)), ("h", .pt(c.screenHeight)), ("window_w", .pt(c.windowWidth)),
            ("safe", .array([.pt(insets.top), .pt(insets.left), .pt(insets.bottom), .pt(insets.right)])),
        ]))
        drawing.beginFrame()
        EngineRegistry.draw(world, into: &drawing)
        out += drawing.elements
        for touch in world.touches.touches where !touch.isFinished {
            out.append(Element(id: "touch:\(touch.id)", fields: [
                ("kind", .string("touch")), ("x", .pt(touch.location.x)), ("y", .pt(touch.location.y)), ("w", .pt(0)), ("h", .pt(0)),
            ]))
        }
        // Two screens may share an id (scripts make screens freely): the later one gets "#2".
        var used: [String: Int] = [:]
        for z in out.indices {
            let count = used[out[z].id, default: 0] + 1
            used[out[z].id] = count
            if count > 1 { out[z].id += "#\(count)" }
            out[z].fields.insert(("z", .int(Int64(z))), at: 1)
        }
        return out
    }
}
