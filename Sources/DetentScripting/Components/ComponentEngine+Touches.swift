import DetentLayout
import DetentLua
import DetentWorld

/// A component's touch regions in the world's hit-testing (SPEC §8): at touch-down the
/// responders are asked front to back; an instance claims a point inside one of its regions
/// (the first by name), at its definition's layer, and then receives the whole touch. A
/// point outside every region goes on to the responders behind it.
extension ComponentEngine: TouchResponder, PartLocating {
    var hitTestLayer: Int { definition.layer }

    /// The region `name`'s rectangle in window points.
    func regionRect(_ rect: ComponentRect) -> (x: Double, y: Double, width: Double, height: Double) {
        let local = rect.resolved(in: (frame.width, frame.height))
        return (frame.x + local.x, frame.y + local.y, local.width, local.height)
    }

    /// Half-open rectangles: two regions that share an edge never both contain a point.
    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        for region in definition.regions {
            let r = regionRect(region.rect)
            if point.x >= r.x && point.x < r.x + r.width && point.y >= r.y && point.y < r.y + r.height {
                return TouchClaim(part: region.name)
            }
        }
        return nil
    }

    func touchBegan(_ touch: Touch, in world: World) {
        activeTouches.append(touch.id)
        guard let began = definition.callbacks.began else { return }
        invoke(began, [touchValue(touch, phase: "began", velocity: .zero)])
    }

    func touchMoved(_ touch: Touch, in world: World) {
        guard let moved = definition.callbacks.moved else { return }
        invoke(moved, [touchValue(touch, phase: "moved", velocity: touch.velocity)])
    }

    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        finish(touch, phase: "ended", velocity: velocity)
    }

    /// A cancelled touch ends with phase "cancelled" and no velocity.
    func touchCancelled(_ touch: Touch, in world: World) {
        finish(touch, phase: "cancelled", velocity: .zero)
    }

    private func finish(_ touch: Touch, phase: String, velocity: Point) {
        activeTouches.removeAll { $0 == touch.id }
        guard let ended = definition.callbacks.ended else { return }
        invoke(ended, [touchValue(touch, phase: phase, velocity: velocity)])
    }

    /// What a touch callback receives: `{ id, region, phase, x, y, local_x, local_y, start_x,
    /// start_y, dx, dy, vx, vy }` — window points, the frame's points (`local_`), the
    /// translation since touch-down, and the tracker's velocity in pt/s (the release velocity
    /// in `ended`; 0 at `began`).
    private func touchValue(_ touch: Touch, phase: String, velocity: Point) -> LuaValue {
        .record([
            ("id", .integer(Int64(touch.id))), ("region", .string(touch.claim?.part ?? "")), ("phase", .string(phase)),
            ("x", .number(touch.location.x)), ("y", .number(touch.location.y)),
            ("local_x", .number(touch.location.x - frame.x)), ("local_y", .number(touch.location.y - frame.y)),
            ("start_x", .number(touch.start.x)), ("start_y", .number(touch.start.y)),
            ("dx", .number(touch.translation.x)), ("dy", .number(touch.translation.y)),
            ("vx", .number(velocity.x)), ("vy", .number(velocity.y)),
        ])
    }

    // MARK: Parts

    /// `"<name>.<region>"`: the region's centre, for `drag("ptr.content", {...})`.
    func location(ofPart part: String, in world: World) -> Point? {
        guard part.hasPrefix(name + "."), let region = definition.regions.first(where: { "\(name).\($0.name)" == part }) else { return nil }
        let r = regionRect(region.rect)
        return Point(x: r.x + r.width / 2, y: r.y + r.height / 2)
    }

    func partNames(in world: World) -> [String] { definition.regions.map { "\(name).\($0.name)" } }

    func frame(ofPart part: String, in world: World) -> Rect? {
        guard part.hasPrefix(name + "."), let region = definition.regions.first(where: { "\(name).\($0.name)" == part }) else { return nil }
        let r = regionRect(region.rect)
        return Rect(x: r.x, y: r.y, width: r.width, height: r.height)
    }
}
