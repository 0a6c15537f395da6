import DetentLayout
import DetentMotion
import DetentRelease
import DetentTime
import DetentNavigation
import DetentWorld

extension SheetEngine: PartLocating {
    /// Adds the sheet to `world` with its dimming and sheet responders, then its navigation
    /// (after the sheet, so the sheet's height is known when the stack lays out).
    public func attach(to world: World) {
        world.addEngine(self)
        world.touches.addResponder(SheetDimmingResponder(engine: self))
        world.touches.addResponder(SheetResponder(engine: self))
        navigation.attach(to: world)
    }

    /// Whether the sheet takes touches: presented and not sliding in or out.
    var acceptsTouches: Bool {
        switch state {
        case .resting, .settling, .dragging: return true
        case .hidden, .presenting, .dismissing: return false
        }
    }

    /// The height of the bar area at the sheet's top (a pan there always moves the sheet).
    var barAreaHeight: Double {
        navigation.topScreen.map { navigation.barHeight(for: $0) * navigation.barVisibility(for: $0) } ?? 0
    }

    /// The top screen's scroll view, if its content scrolls.
    var scrollContent: ScrollContent? {
        if case let .scroll(scroll)? = navigation.topScreen?.content { return scroll }
        return nil
    }

    public func location(ofPart part: String, in world: World) -> Point? {
        switch part {
        case "\(name).grabber": return Point(x: screenWidth / 2, y: top + 5)
        case "\(name).content":
            guard scrollContent != nil else { return nil }
            let contentTop = top + barAreaHeight
            return Point(x: screenWidth / 2, y: min(contentTop + 100, (contentTop + screenHeight - safeBottom) / 2))
        case "\(name).dimming": return Point(x: screenWidth / 2, y: top / 2)
        default: return nil
        }
    }

    public func partNames(in world: World) -> [String] {
        guard state != .hidden else { return [] }
        return ["\(name).grabber", "\(name).content", "\(name).dimming"]
    }

    /// As `SheetResponder` and `SheetDimmingResponder` hit-test: the dimming above the sheet;
    /// on the sheet, the bar area moves it and scrolling content lies below the bar area —
    /// content that does not scroll is the grabber's too (a touch there moves the sheet), so
    /// it is no target of its own.
    public func frame(ofPart part: String, in world: World) -> Rect? {
        guard state != .hidden else { return nil }
        switch part {
        case "\(name).grabber":
            return Rect(x: 0, y: top, width: screenWidth, height: scrollContent != nil ? barAreaHeight : max(0, screenHeight - top))
        case "\(name).content":
            guard scrollContent != nil else { return nil }
            let contentTop = top + barAreaHeight
            return Rect(x: 0, y: contentTop, width: screenWidth, height: max(0, screenHeight - contentTop))
        case "\(name).dimming": return Rect(x: 0, y: 0, width: screenWidth, height: max(0, top))
        default: return nil
        }
    }

    // MARK: Scroll hand-off (SPEC §5 with §6's rules)

    /// One finger movement of `dy` points (positive: down) on the top screen's scroll view,
    /// with the drawer's exact rules (`ScrollHandOff`, SPEC §6): the content scrolls
    /// only while the sheet is at its largest detent; pulled down at its top, the sheet
    /// follows instead (down to the screen's edge if dismissible, else to the smallest
    /// detent). Origin and offset never both move for one movement; content drags never
    /// rubber-band the sheet.
    func contentDragged(by dy: Double, in world: World) {
        guard let screen = navigation.topScreen, case var .scroll(scroll) = screen.content else {
            pan.contentScrolls = false
            setTop(dragRange.constrain(top + dy))
            return
        }
        let limits = detentTops
        let upper = isDismissible ? screenHeight : limits.upperBound
        switch ScrollHandOff.move(dy: dy, offset: scroll.offset, contentTop: 0 - scroll.insets.top, origin: top, limits: limits.lowerBound...upper) {
        case let .container(origin):
            pan.contentScrolls = false
            setTop(origin)
        case let .content(offset):
            pan.contentScrolls = true
            scroll.offset = offset
            screen.content = .scroll(scroll)
        }
    }

    /// A finger on the content: any motion stops where it is.
    func beginContentDrag(_ touch: Touch, in world: World) {
        momentum = nil
        interruptedVelocity = velocity
        motion = .none
        pan.beginContent(touch, at: touch.location.y)
        setState(.dragging, in: world)
        world.emit("sheet.drag_began", [("sheet", .string(name)), ("height", .number(height)),
                                        ("interrupted_velocity", .number(interruptedVelocity))])
    }

    /// Content released: at the largest detent the content keeps the gesture and the sheet
    /// rests there; anywhere else the sheet is released with the finger's velocity.
    func endContentDrag(velocity: Double, in world: World) {
        guard case .dragging = state else { return }
        let largest = detents.last!
        // At the largest detent (to rounding: setTop works in heights).
        if ScrollHandOff.contentKeepsGesture(origin: top, restingOrigins: [screenHeight - largest.height], tolerance: 1e-9) {
            pan.end()
            releaseVelocity = velocity
            restingTop = top
            world.emit("sheet.drag_ended", [("sheet", .string(name)), ("velocity", .number(velocity)), ("dismiss", .boolean(false)),
                                            ("detent", .string(largest.name)), ("policy", .string(policy.name))])
            setState(.resting(detent: largest.name), in: world)
            startMomentum(velocity: -velocity, in: world)
        } else {
            release(velocity: velocity, in: world)
        }
    }
}

extension SheetEngine {
    /// The content keeps scrolling after a flick (finger up = offset growing), from its top to
    /// where its end meets the bottom of the sheet's content area (above the bottom inset).
    func startMomentum(velocity: Double, in world: World) {
        guard let flick = scrollContent?.momentum(velocity: velocity, rate: defaults.release.contentDecelerationRate,
                                                  startTime: VirtualTime.seconds(world.time),
                                                  viewport: height - barAreaHeight - safeBottom) else { return }
        momentum = flick
    }
}

/// The dimming layer above the sheet (SPEC §8, frontmost): a tap on it dismisses a
/// dismissible sheet unless the script turned that off; it blocks what lies beneath.
final class SheetDimmingResponder: TouchResponder {
    unowned let engine: SheetEngine
    init(engine: SheetEngine) { self.engine = engine }
    var hitTestLayer: Int { HitTestLayer.dimming }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        engine.state != .hidden && point.y < engine.top ? TouchClaim(part: "dimming") : nil
    }
    func touchBegan(_ touch: Touch, in world: World) {}
    func touchMoved(_ touch: Touch, in world: World) {}
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        let dismisses = engine.isDismissible && engine.dismissesOnDimmingTap && engine.acceptsTouches && engine.pan.touch == nil
        world.emit("sheet.dimming_tapped", [("sheet", .string(engine.name)), ("dismissed", .boolean(dismisses))])
        if dismisses { engine.dismiss(animated: true, reason: "tap", in: world) }
    }
    func touchCancelled(_ touch: Touch, in world: World) {}
}

/// The sheet itself (SPEC §8, behind the dimming): a pan on its bar area or on content that
/// does not scroll moves the sheet; on a scrollable screen's content the scroll hand-off
/// decides. Bar items and the edge-swipe zone of its navigation are left to the navigation.
final class SheetResponder: TouchResponder {
    unowned let engine: SheetEngine
    init(engine: SheetEngine) { self.engine = engine }
    var hitTestLayer: Int { HitTestLayer.sheet }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        guard engine.acceptsTouches, engine.pan.touch == nil, point.y >= engine.top,
              !engine.navigation.claimsTouch(at: point) else { return nil }
        let onContent = point.y > engine.top + engine.barAreaHeight && engine.scrollContent != nil
        return TouchClaim(part: onContent ? "content" : "grabber")
    }
    func touchBegan(_ touch: Touch, in world: World) {
        if touch.claim?.part == "content" { engine.beginContentDrag(touch, in: world) } else { engine.beginDrag(touch, in: world) }
    }
    func touchMoved(_ touch: Touch, in world: World) {
        guard engine.pan.touch === touch else { return }
        if touch.claim?.part == "content" {
            engine.contentDragged(by: engine.pan.contentMoved(to: touch.location.y), in: world)
        } else {
            engine.drag(to: touch.translation.y, in: world)
        }
    }
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) {
        guard engine.pan.touch === touch else { return }
        if touch.claim?.part == "content" { engine.endContentDrag(velocity: velocity.y, in: world) } else { engine.release(velocity: velocity.y, in: world) }
    }
    func touchCancelled(_ touch: Touch, in world: World) { touchEnded(touch, velocity: .zero, in: world) }
}
