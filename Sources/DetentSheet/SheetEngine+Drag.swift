import DetentMotion
import DetentRelease
import DetentWorld

extension SheetEngine {
    // MARK: Dragging (SPEC §5)

    /// The tops of the largest and smallest detents: the limits a drag moves between before it
    /// rubber-bands (above) or heads for dismissal (below).
    var detentTops: ClosedRange<Double> {
        let resolved = detents
        return (screenHeight - resolved.last!.height)...(screenHeight - resolved.first!.height)
    }

    /// Began: any motion stops where it is (its velocity kept for reporting).
    func beginDrag(_ touch: Touch, in world: World) {
        interruptedVelocity = velocity
        motion = .none
        pan.begin(touch, at: top, in: dragRange)
        setState(.dragging, in: world)
        world.emit("sheet.drag_began", [("sheet", .string(name)), ("height", .number(height)),
                                        ("interrupted_velocity", .number(interruptedVelocity))])
    }

    /// Changed: the top follows the finger from where the drag began, constrained.
    func drag(to translation: Double, in world: World) {
        setTop(pan.origin(translation: translation, in: dragRange))
    }

    func setTop(_ newTop: Double) {
        height = min(max(screenHeight - newTop, 0), screenHeight)
        placeNavigation()
    }

    /// The drag's range for the top (SPEC §5): above the largest detent it rubber-bands over
    /// the room above that detent (clamping where there is none); below the smallest it follows
    /// the finger down to the screen's edge if the sheet is dismissible, else rubber-bands over
    /// the smallest detent's height.
    var dragRange: RubberBandedRange {
        let tops = detentTops
        return RubberBandedRange(tops.lowerBound...(isDismissible ? screenHeight : tops.upperBound),
                                 dimensionPastLower: tops.lowerBound,
                                 dimensionPastUpper: isDismissible ? 0 : screenHeight - tops.upperBound,
                                 coefficient: defaults.release.rubberBandCoefficient)
    }

    /// Whether `release` (at the sheet's height, velocity in pt/s, downwards) dismisses: only
    /// below the smallest detent of a dismissible sheet not moving up, when v / height ≥ 5.5 s⁻¹
    /// (FloatingPanel's removal threshold) or the height projected at `decelerationRate` is
    /// under half the smallest detent.
    func releaseDismisses(_ release: ReleaseState) -> Bool {
        let velocity = release.velocity
        // A finger moving up never dismisses, wherever its projection would land.
        guard isDismissible, velocity >= 0, let smallest = detents.first?.height, height < smallest else { return false }
        guard height > 0 else { return true }
        if velocity / height >= defaults.dismissVelocityThreshold { return true }
        let projected = height - release.travel(rate: defaults.release.decelerationRate)
        return projected < smallest * defaults.dismissProjectedFraction
    }

    /// Release: dismiss (above), or let the policy pick a detent by projection and settle on
    /// it with the spring, starting at the release velocity.
    func release(velocity: Double, in world: World) {
        pan.end()
        releaseVelocity = velocity
        let resolved = detents
        // Anchors in top order (largest detent first); ties keep the first declared.
        let anchors = resolved.reversed().map { ReleaseAnchor(name: $0.name, origin: screenHeight - $0.height) }
        let release = ReleaseState(origin: top, velocity: velocity, anchors: anchors, restingOrigin: restingTop, defaults: defaults.release)
        if releaseDismisses(release) {
            world.emit("sheet.drag_ended", [("sheet", .string(name)), ("velocity", .number(velocity)), ("dismiss", .boolean(true)),
                                            ("policy", .string(policy.name))])
            dismissWithSpring(velocity: velocity, in: world)
            return
        }
        // A failing policy (an error, a non-finite answer) sends the sheet to the detent nearest its top.
        let decision = policy.decide(release)
        if let failure = decision.failure {
            policyErrors.append(failure)
            world.emit("sheet.policy_failed", [("sheet", .string(name)), ("error", .string(String(describing: failure)))])
        }
        let targetTop = decision.target
        // The detent at that top; a policy's answer between detents goes to the nearest one.
        let detent = resolved.min { abs(screenHeight - $0.height - targetTop) < abs(screenHeight - $1.height - targetTop) }!
        world.emit("sheet.drag_ended", [("sheet", .string(name)), ("velocity", .number(velocity)), ("dismiss", .boolean(false)),
                                        ("detent", .string(detent.name)), ("policy", .string(policy.name))])
        settle(to: detent.name, velocity: velocity, in: world)
    }
}
