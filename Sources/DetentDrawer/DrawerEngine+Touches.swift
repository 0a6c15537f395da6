import DetentLayout
import DetentMotion
import DetentRelease
import DetentTime
import DetentWorld

extension DrawerEngine: PartLocating {
    /// Adds the drawer to `world` with its header and content responders.
    public func attach(to world: World) {
        worldLink = world.link
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

    /// The header's band and, below it to the screen's bottom, the content's (the responders' hit-tests).
    public func frame(ofPart part: String, in world: World) -> Rect? {
        switch part {
        case "\(name).header": return Rect(x: 0, y: origin, width: screenWidth, height: headerHeight)
        case "\(name).content":
            let top = origin + headerHeight
            return Rect(x: 0, y: top, width: screenWidth, height: max(0, screenHeight - top))
        default: return nil
        }
    }

    /// One finger movement of `dy` points on the content: `ScrollHandOff` decides whether the
    /// drawer or the content moves (SPEC §6), between the drawer's limits.
    func contentDragged(by dy: Double, in world: World) {
        switch ScrollHandOff.move(dy: dy, offset: content.offset, contentTop: 0 - content.insets.top, origin: origin, limits: limits) {
        case let .container(newOrigin):
            pan.contentScrolls = false
            origin = newOrigin
            world.emit("drawer.changed", [("drawer", .string(name)), ("origin", .number(origin))])
        case let .content(offset):
            pan.contentScrolls = true
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
        guard engine.pan.touch === touch else { return }
        engine.drag(to: touch.translation.y, in: world)
    }
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        guard engine.pan.touch === touch else { return }
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
        engine.contentDragged(by: engine.pan.contentMoved(to: touch.location.y), in: world)
    }
    /// On release, if the drawer is strictly inside its limits, the content stops and the
    /// drawer settles with the release velocity (SPEC §6). Resting exactly on an anchor (a
    /// limit), it stays; anywhere else — caught mid-bounce beyond a limit — it settles too.
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        guard case .dragging = engine.state else { return }
        let limits = engine.limits
        if ScrollHandOff.contentKeepsGesture(origin: engine.origin, restingOrigins: [limits.lowerBound, limits.upperBound]),
           let anchor = engine.anchors.first(where: { $0.origin == engine.origin }) {
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
        guard let flick = content.momentum(velocity: velocity, rate: defaults.contentDecelerationRate,
                                           startTime: VirtualTime.seconds(world.time), viewport: contentViewport) else { return }
        momentum = flick
    }

    /// The content's viewport: from below the header at the current origin to the screen's
    /// bottom, points.
    var contentViewport: Double { screenHeight - origin - headerHeight }

    /// The content's offsets, points: from its top (−inset.top) to where its end meets the
    /// screen's bottom below the drawer's header at the current origin.
    var contentScrollRange: ClosedRange<Double> { content.scrollRange(viewport: contentViewport) }

    /// A finger on the content during settling stops the spring too.
    func interruptForContent(_ touch: Touch, in world: World) {
        pan.beginContent(touch, at: touch.location.y)
        momentum = nil
        if case .settling = state {
            interruptedVelocity = spring?.velocity ?? 0
            spring = nil
        }
        setState(.dragging, in: world)
    }
}
