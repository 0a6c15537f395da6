import DetentMotion
import DetentRelease
import DetentTime
import DetentWorld

/// Rotation and iPad multitasking resizes (SPEC §3, §8): the drawer lays itself out again for
/// the new window, as UIKit relayouts a drawer on rotation — at once, not animated.
///
/// - The screen height and width (the app window's), and the safe insets of the device
///   profile for the new orientation, replace the old ones; anchors declared from the bottom,
///   as fractions, as `fit` or as named states are resolved again, and with them the limits
///   and the header pan's rubber-band distances (|lower| above, screen height − upper below).
/// - **Resting at a named anchor:** the origin moves to that anchor's new value at once.
///   `drawer.changed` (origin) reports the move; the state does not change, so no
///   `drawer.state_changed` or `drawer.settled`.
/// - **Settling:** the spring is retargeted to its target anchor's new value (the anchor of
///   the same name), position and velocity continuous, as a change of anchors does (SPEC §6
///   "Interruptions"). Nothing is emitted; `drawer.settled` comes when it arrives.
/// - **Dragged by the header or the content:** the origin stays where it is — under the
///   finger — clamped into the new limits (`drawer.changed` if the clamp moved it), and the
///   pan continues from there, one point per point within the limits.
/// - **Resting or settling towards an origin that is no anchor** (a custom policy's answer):
///   that origin, clamped into the new limits.
/// - **Content momentum** keeps its course; only where it stops follows the new viewport.
///
/// The origin of the anchor the drawer last rested at (what `floatingpanel` decides from)
/// follows its anchor by name.
extension DrawerEngine {
    public func windowDidChange(from old: WorldConfiguration, in world: World) {
        let configuration = world.configuration
        screenHeight = configuration.screenHeight
        screenWidth = configuration.windowWidth
        safeTop = configuration.safeAreaInsets.top
        safeBottom = configuration.safeAreaInsets.bottom
        let oldAnchors = anchors
        // The specs resolved before, so they resolve again (a new window has finite sizes).
        guard !anchorSpecs.isEmpty, let resolved = try? resolve(anchorSpecs) else { return }
        anchors = resolved
        restingOrigin = relocated(restingOrigin, from: oldAnchors)
        switch state {
        case let .resting(anchorName):
            let moved = anchorName.flatMap { name in anchors.first { $0.name == name }?.origin } ?? clampedToLimits(origin)
            if anchorName != nil { restingOrigin = moved }
            moveOrigin(to: moved, in: world)
        case let .settling(target):
            let newTarget = relocated(target, from: oldAnchors)
            if var spring {
                spring.retarget(to: newTarget, at: VirtualTime.seconds(world.time))
                self.spring = spring
            }
            state = .settling(target: newTarget)
        case .dragging:
            moveOrigin(to: clampedToLimits(origin), in: world)
            // The header pan goes on from here: origin = start + translation.
            if let touch = pan.touch { pan.resume(at: origin, translation: touch.translation.y, in: dragRange) }
        }
        if let momentum {
            self.momentum = ScrollMomentum(from: momentum.start, velocity: momentum.initialVelocity, rate: momentum.rate,
                                           startTime: momentum.startTime, bounds: contentScrollRange)
            self.momentum?.advance(to: VirtualTime.seconds(world.time))
        }
    }

    /// Where `y` goes in the new layout: the new origin of the old anchor at `y` (by name), or
    /// `y` clamped into the new limits when no old anchor was there.
    func relocated(_ y: Double, from oldAnchors: [DrawerAnchor]) -> Double {
        if let name = oldAnchors.first(where: { $0.origin == y })?.name, let anchor = anchors.first(where: { $0.name == name }) {
            return anchor.origin
        }
        return clampedToLimits(y)
    }

    func clampedToLimits(_ y: Double) -> Double {
        min(max(y, limits.lowerBound), limits.upperBound)
    }

    /// Sets the origin without animation, reporting a move with `drawer.changed`.
    private func moveOrigin(to newOrigin: Double, in world: World) {
        guard newOrigin != origin else { return }
        origin = newOrigin
        world.emit("drawer.changed", [("drawer", .string(name)), ("origin", .number(origin))])
    }
}
