import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld

extension DrawerEngine: PartLocating {
    /// Adds the drawer to `world` with its header and content responders.
    public func attach(to world: World) {
        self.world = world
        world.addEngine(self)
        world.touches.addResponder(DrawerHeaderResponder(engine: self))
        world.touches.addResponder(DrawerContentResponder(engine: self))
    }

    public func location(ofPart part: String, in world: World) -> Point? {
        switch part {
        case "\(name).header": return Point(x: screenWidth / 2, y: origin + headerHeight / 2)
        case "\(name).content": return Point(x: screenWidth / 2, y: min(origin + headerHeight + 100, (origin + headerHeight + screenHeight) / 2))
        default: return nil
        }
    }

    public func partNames(in world: World) -> [String] { ["\(name).header", "\(name).content"] }

    /// One finger movement of `dy` points on the content: `ScrollHandOff` decides whether the
    /// drawer or the content moves (SPEC §6), between the drawer's limits.
    func contentDragged(by dy: Double, in world: World) {
        switch ScrollHandOff.move(dy: dy, offset: content.offset, contentTop: 0 - content.insets.top, origin: origin, limits: limits) {
        case let .container(newOrigin):
            origin = newOrigin
            world.emit("drawer.changed", [("drawer", .string(name)), ("origin", .number(origin))])
        case let .content(offset):
            content.offset = offset
        }
    }
}

/// The header: a pan that moves the drawer (SPEC §8 layer "drawer header").
final class DrawerHeaderResponder: TouchResponder {
    unowned let engine: DrawerEngine
    init(engine: DrawerEngine) { self.engine = engine }
    var hitTestLayer: Int { HitTestLayer.drawerHeader }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        point.y >= engine.origin && point.y <= engine.origin + engine.headerHeight ? TouchClaim(part: "header") : nil
    }
    func touchBegan(_ touch: Touch, in world: World) { engine.beginDrag(touch, in: world) }
    func touchMoved(_ touch: Touch, in world: World) {
        guard engine.dragTouch === touch else { return }
        engine.drag(to: touch.translation.y, in: world)
    }
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        guard engine.dragTouch === touch else { return }
        engine.release(velocity: velocity.y, in: world)
    }
    func touchCancelled(_ touch: Touch, in world: World) { touchEnded(touch, velocity: .zero, in: world) }
}

/// The content: a scroll view whose drags hand over to the drawer (SPEC §8 "drawer content").
final class DrawerContentResponder: TouchResponder {
    unowned let engine: DrawerEngine
    init(engine: DrawerEngine) { self.engine = engine }
    var hitTestLayer: Int { HitTestLayer.drawerContent }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        point.y > engine.origin + engine.headerHeight && point.y <= engine.screenHeight ? TouchClaim(part: "content") : nil
    }
    func touchBegan(_ touch: Touch, in world: World) {
        engine.interruptForContent(touch, in: world)
    }
    func touchMoved(_ touch: Touch, in world: World) {
        let dy = touch.location.y - engine.lastContentLocation
        engine.lastContentLocation = touch.location.y
        engine.contentDragged(by: dy, in: world)
    }
    /// On release, if the drawer is strictly inside its limits, the content stops and the
    /// drawer settles with the release velocity (SPEC §6). Resting exactly on an anchor (a
    /// limit), it stays; anywhere else — caught mid-bounce beyond a limit — it settles too.
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        guard case .dragging = engine.state else { return }
        if let anchor = engine.anchors.first(where: { $0.origin == engine.origin }),
           engine.origin == engine.limits.lowerBound || engine.origin == engine.limits.upperBound {
            engine.setState(.resting(anchor: anchor.name), in: world)
            engine.startMomentum(velocity: -velocity.y, in: world)
        } else {
            engine.release(velocity: velocity.y, in: world)
        }
    }
    func touchCancelled(_ touch: Touch, in world: World) { touchEnded(touch, velocity: .zero, in: world) }
}

extension DrawerEngine {
    /// The content keeps scrolling after a flick (finger velocity up = offset growing), within
    /// its scrollable range: from its top to where its end meets the screen's bottom.
    func startMomentum(velocity: Double, in world: World) {
        guard velocity != 0 else { return }
        momentum = ScrollMomentum(from: content.offset, velocity: velocity, rate: defaults.contentDecelerationRate,
                                  startTime: VirtualTime.seconds(world.time), bounds: contentScrollRange)
    }

    /// The content's offsets, points: from its top (−inset.top) to where its end meets the
    /// screen's bottom below the drawer's header at the current origin.
    var contentScrollRange: ClosedRange<Double> {
        let top = 0 - content.insets.top
        let viewport = screenHeight - origin - headerHeight
        return top...max(top, content.contentHeight + content.insets.bottom - viewport)
    }

    /// A finger on the content during settling stops the spring too.
    func interruptForContent(_ touch: Touch, in world: World) {
        lastContentLocation = touch.location.y
        momentum = nil
        if case .settling = state {
            interruptedVelocity = spring?.velocity ?? 0
            spring = nil
        }
        setState(.dragging, in: world)
    }
}
