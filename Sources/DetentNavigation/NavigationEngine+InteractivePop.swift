import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld

/// The edge-swipe pop (SPEC §4, §8): starts only from a touch within max(20, left safe inset)
/// of the left edge and only with more than one screen; progress = horizontal translation /
/// width, driving the pop geometry linearly. On release: if |velocity| ≥ 1 width/s its sign
/// decides, otherwise the pop finishes past half the width. Finishing takes
/// (1 − progress)·duration, cancelling progress·duration, on easeInEaseOut.
///
/// The zone follows the container's left inset, so it widens when the device rotates to
/// landscape (59 pt on Dynamic-Island phones).
extension NavigationEngine {
    /// Whether an interactive pop may start at `point`: within max(20, left inset) of the
    /// container's left edge, with more than one screen and no transition running.
    func edgeSwipeZoneContains(_ point: Point) -> Bool {
        let zone = max(defaults.edgeWidth, containerInsets.left)
        let c = container
        return stack.count > 1 && !isTransitioning
            && point.x >= c.x && point.x <= c.x + zone && point.y >= c.y && point.y <= c.y + c.height
    }
}

final class EdgeSwipeResponder: TouchResponder {
    unowned let engine: NavigationEngine
    init(engine: NavigationEngine) {
        self.engine = engine
    }

    var hitTestLayer: Int { HitTestLayer.screenEdge }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        engine.edgeSwipeZoneContains(point) ? TouchClaim(part: "edge") : nil
    }

    func touchBegan(_ touch: Touch, in world: World) { engine.beginInteractivePop(touch, in: world) }
    func touchMoved(_ touch: Touch, in world: World) { engine.updateInteractivePop(touch, in: world) }
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) { engine.endInteractivePop(velocity: velocity.x, in: world) }
    func touchCancelled(_ touch: Touch, in world: World) { engine.endInteractivePop(velocity: 0, in: world) }
}

extension NavigationEngine {
    func beginInteractivePop(_ touch: Touch, in world: World) {
        guard stack.count > 1, transition == nil else { return }
        popTouch = touch
        let from = stack[stack.count - 1], to = stack[stack.count - 2]
        begin(.pop, operation: "interactive_pop", from: from, to: to, finalStack: Array(stack.dropLast()), removed: [from], added: [],
              animated: true, interactive: true, in: world)
        world.emit("interactive_pop.began", [("navigation", .string(name)), ("progress", .number(0))])
    }

    func updateInteractivePop(_ touch: Touch, in world: World) {
        guard let t = transition, t.isInteractive, popTouch === touch else { return }
        t.followContent()
        t.progress = min(max(touch.translation.x / container.width, 0), 1)
        world.emit("interactive_pop.changed", [("navigation", .string(name)), ("progress", .number(t.progress))])
    }

    /// `velocity` is the tracker's horizontal release velocity, pt/s.
    func endInteractivePop(velocity: Double, in world: World) {
        guard let t = transition, t.isInteractive else { return }
        popTouch = nil
        let p = t.progress
        let widthsPerSecond = velocity / container.width
        let finish = abs(widthsPerSecond) >= defaults.decisiveVelocity ? widthsPerSecond > 0 : p > defaults.finishThreshold
        let duration = (finish ? 1 - p : p) * defaults.transitionDuration
        t.drive = .completing(start: world.time, from: p, to: finish ? 1 : 0, duration: duration,
                              curve: world.timingCurve(named: defaults.completionCurve) ?? .bezier(.easeInEaseOut))
        world.emit(finish ? "interactive_pop.finished" : "interactive_pop.cancelled",
                   [("navigation", .string(name)), ("progress", .number(p)), ("velocity", .number(velocity)),
                    ("duration", .number(duration))])
        if duration <= 0 { completeTransition(in: world) }
    }
}

/// Taps on the navigation bar: the back button pops, bar buttons emit
/// `navigation.bar_button` with the item's title.
final class BarItemsResponder: TouchResponder {
    unowned let engine: NavigationEngine
    init(engine: NavigationEngine) { self.engine = engine }

    var hitTestLayer: Int { HitTestLayer.navigationBarItems }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        guard !engine.isTransitioning else { return nil }
        for (part, rect) in engine.barItemRects() where rect.contains(point) { return TouchClaim(part: part) }
        return nil
    }

    func touchBegan(_ touch: Touch, in world: World) {}
    func touchMoved(_ touch: Touch, in world: World) {}
    func touchCancelled(_ touch: Touch, in world: World) {}

    /// Acts only if the finger lifts inside the item it went down on (touch up inside).
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        guard let part = touch.claim?.part, let rect = engine.barItemRects().first(where: { $0.part == part })?.rect,
              rect.contains(touch.location) else { return }
        if part == "back_button" {
            engine.pop(animated: true, in: world)
        } else {
            world.emit("navigation.bar_button", [("navigation", .string(engine.name)), ("item", .string(part))])
        }
    }
}

extension Rect {
    func contains(_ p: Point) -> Bool { p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height }
}
