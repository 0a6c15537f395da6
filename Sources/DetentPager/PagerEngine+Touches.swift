import DetentLayout
import DetentRelease
import DetentWorld

extension PagerEngine: PartLocating {
    /// Adds the pager to `world` with its responder.
    public func attach(to world: World) {
        world.addEngine(self)
        world.touches.addResponder(PagerResponder(engine: self))
    }

    /// "<name>.page": the centre of the frame, where a script's drag or flick starts.
    public func location(ofPart part: String, in world: World) -> Point? {
        part == "\(name).page" ? Point(x: windowWidth / 2, y: top + height / 2) : nil
    }

    public func partNames(in world: World) -> [String] { ["\(name).page"] }

    /// The pager's frame, which its responder claims.
    public func frame(ofPart part: String, in world: World) -> Rect? {
        part == "\(name).page" ? Rect(x: 0, y: top, width: windowWidth, height: height) : nil
    }

    /// The pages follow a finger horizontally.
    public func gestureAxis(ofPart part: String) -> GestureAxis { .horizontal }

    /// Whether the frame (x 0…window width, y top…top + height, inclusive) holds `point`.
    func frameContains(_ point: Point) -> Bool {
        point.x >= 0 && point.x <= windowWidth && point.y >= top && point.y <= top + height
    }
}

/// The pages: a horizontal pan (SPEC §15) claiming touches inside the pager's frame, behind
/// the drawer, the sheet, bar items and the screen edge (`HitTestLayer.pager`). Vertical
/// movement is ignored.
final class PagerResponder: TouchResponder {
    unowned let engine: PagerEngine
    init(engine: PagerEngine) { self.engine = engine }
    var hitTestLayer: Int { HitTestLayer.pager }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        engine.frameContains(point) ? TouchClaim(part: "page") : nil
    }
    func touchBegan(_ touch: Touch, in world: World) { engine.beginDrag(touch, in: world) }
    func touchMoved(_ touch: Touch, in world: World) {
        guard engine.pan.touch === touch else { return }
        engine.drag(to: touch.translation.x, in: world)
    }
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        guard engine.pan.touch === touch else { return }
        engine.release(fingerVelocityX: velocity.x, in: world)
    }
    func touchCancelled(_ touch: Touch, in world: World) { touchEnded(touch, velocity: .zero, in: world) }
}

extension HitTestLayer {
    /// A pager (SPEC §15) is content that pages: below the screen edge, whose back swipe wins
    /// at the edge, and above plain content.
    public static let pager = 15
}
