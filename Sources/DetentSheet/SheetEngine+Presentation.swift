import DetentMotion
import DetentRelease
import DetentTime
import DetentWorld

extension SheetEngine {
    // MARK: Presenting and dismissing (SPEC §5)

    /// Slides the sheet up from below the screen to `detent` (default: the smallest) while
    /// the dimming layer fades in, over the default timing. From `dismissing` it turns back
    /// from where it is. Presenting a presented sheet does nothing.
    public func present(detent requested: String? = nil, animated: Bool, in world: World) throws {
        switch state {
        case .hidden, .dismissing: break
        default: return
        }
        let detent = try requested.map { try checkedDetent($0) } ?? detents.first!.name
        world.emit("sheet.will_present", [("sheet", .string(name)), ("detent", .string(detent)), ("animated", .boolean(animated))])
        if animated {
            setState(.presenting(detent: detent), in: world)
            startTiming(from: height, at: world.time, in: world)
            placeNavigation()
        } else {
            setState(.presenting(detent: detent), in: world)
            motion = .none
            finishMotion(in: world)
        }
    }

    /// Slides the sheet down and fades the dimming out; `reason` goes into the event
    /// (`api`, `tap`, `drag`). Scripts may dismiss a non-dismissible sheet: `dismissible =
    /// false` only blocks the user's gestures.
    public func dismiss(animated: Bool, reason: String = "api", in world: World) {
        guard state != .hidden, state != .dismissing else { return }
        pan.end()
        world.emit("sheet.will_dismiss", [("sheet", .string(name)), ("reason", .string(reason)), ("animated", .boolean(animated))])
        setState(.dismissing, in: world)
        if animated {
            startTiming(from: height, at: world.time, in: world)
        } else {
            motion = .none
            finishMotion(in: world)
        }
    }

    /// Puts a presented sheet at a detent at once.
    public func move(toDetent detentName: String, in world: World) throws {
        guard state != .hidden else { throw SheetError.notPresented }
        let detent = try checkedDetent(detentName)
        pan.end()
        motion = .none
        height = detentHeight(detent)!
        restingTop = top
        setState(.resting(detent: detent), in: world)
        placeNavigation()
    }

    /// Sends a presented sheet to a detent with the settling spring, from rest.
    public func animate(toDetent detentName: String, in world: World) throws {
        guard state != .hidden else { throw SheetError.notPresented }
        let detent = try checkedDetent(detentName)
        pan.end()
        settle(to: detent, velocity: 0, in: world)
    }

    func checkedDetent(_ detentName: String) throws -> String {
        guard detentSpecs.contains(where: { $0.name == detentName }) else { throw SheetError.unknownDetent(detentName, detentNames) }
        return detentName
    }

    // MARK: Motions

    /// The default timing from `from` towards the live target, starting at `time` ns.
    func startTiming(from: Double, at time: Nanoseconds, in world: World) {
        let curve = world.timingCurve(named: defaults.curve) ?? .bezier(.sheet)
        timingTarget = targetHeight
        motion = .timing(TimingAnimator(from: 0, to: 1, duration: defaults.duration, timing: curve, startTime: VirtualTime.seconds(time)), from: from)
    }

    /// The settling spring towards a detent, starting with `velocity` (pt/s, downwards).
    func settle(to detent: String, velocity: Double, in world: World) {
        let targetTop = screenHeight - (detentHeight(detent) ?? height)
        motion = .spring(springTowards(targetTop, velocity: velocity, at: world.time))
        setState(.settling(detent: detent), in: world)
    }

    /// The drag-to-dismiss motion: the settling spring towards the screen's bottom edge.
    func dismissWithSpring(velocity: Double, in world: World) {
        world.emit("sheet.will_dismiss", [("sheet", .string(name)), ("reason", .string("drag")), ("animated", .boolean(true))])
        motion = .spring(springTowards(screenHeight, velocity: velocity, at: world.time))
        setState(.dismissing, in: world)
    }

    private func springTowards(_ targetTop: Double, velocity: Double, at time: Nanoseconds) -> SpringAnimator {
        SettlingSpring(defaults.release).animator(from: top, to: targetTop, velocity: velocity, startTime: VirtualTime.seconds(time))
    }

    /// A motion ended (or a change applied at once): the height takes its target exactly and
    /// the state moves on.
    func finishMotion(in world: World) {
        motion = .none
        height = targetHeight
        switch state {
        case let .presenting(d):
            restingTop = top
            setState(.resting(detent: d), in: world)
            world.emit("sheet.did_present", [("sheet", .string(name)), ("detent", .string(d))])
        case let .settling(d):
            restingTop = top
            setState(.resting(detent: d), in: world)
            world.emit("sheet.settled", [("sheet", .string(name)), ("detent", .string(d)), ("height", .number(height))])
        case .dismissing:
            height = 0
            momentum = nil
            restingTop = screenHeight
            setState(.hidden, in: world)
            world.emit("sheet.did_dismiss", [("sheet", .string(name))])
        case .resting, .hidden, .dragging:
            break
        }
        placeNavigation()
    }
}
