import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld
import DetentNavigation

extension SheetEngine {
    // MARK: WorldEngine

    public var isBusy: Bool {
        switch state {
        case .hidden: return false
        case .resting: if case .none = motion { return momentum != nil || height != targetHeight } else { return true }
        default: return true
        }
    }

    /// Phase 3: the timing's progress or the spring's position at the target time.
    public func advance(to tick: Tick, in world: World) {
        let time = VirtualTime.seconds(tick.targetTimestamp)
        if var momentum {
            momentum.advance(to: time)
            if let screen = navigation.topScreen, case var .scroll(scroll) = screen.content {
                scroll.offset = momentum.value
                screen.content = .scroll(scroll)
                self.momentum = momentum.isFinished ? nil : momentum
            } else {
                self.momentum = nil
            }
        }
        switch motion {
        case .none: break
        case .timing(var animation, let from):
            animation.advance(to: time)
            motion = .timing(animation, from: from)
        case var .spring(spring):
            spring.advance(to: time)
            motion = .spring(spring)
        }
    }

    /// Phase 4, after every engine has advanced (the navigation's transition included): the
    /// height for this frame, and the sheet's frame as the navigation's container.
    public func layout(for tick: Tick, in world: World) {
        let now = VirtualTime.seconds(tick.targetTimestamp)
        let immediate = changedImmediately
        changedImmediately = false
        // A transition that ended this frame still carries the height to its end.
        let followsTransition = navigation.isTransitioning || wasTransitioning
        wasTransitioning = navigation.isTransitioning
        // Content changed during a transition (not by its progress): the transition's line no
        // longer passes through the height on show, so the sheet moves on from it on a timing.
        let changedInTransition = contentEndsMoved() && followsTransition
        var restarted = false
        if case .resting = state, targetHeight != height {
            if immediate {
                // An unanimated change: at once, even over a content animation.
                motion = .none
                height = targetHeight
            } else if case .none = motion {
                if followsTransition && !changedInTransition {
                    // With the transition's progress.
                    height = targetHeight
                } else {
                    // A content change since the last frame: the default timing from when the
                    // script made it, so this frame already shows its first step.
                    restartTiming(at: world.previousTime, now: now, in: world)
                    restarted = true
                }
            }
        }
        switch motion {
        case .none:
            break
        case .timing:
            let target = targetHeight
            if !restarted && target != timingTarget && (!followsTransition || changedInTransition) {
                // The content changed again mid-animation: a new one from where the sheet is
                // (reading the new target into the old one would jump).
                restartTiming(at: world.previousTime, now: now, in: world)
            }
            timingTarget = target
            guard case let .timing(animation, from) = motion else { break }
            height = from + (target - from) * animation.value
            if animation.isFinished { finishMotion(in: world) }
        case var .spring(spring):
            let targetTop = screenHeight - targetHeight
            if case .settling = state, spring.target != targetTop {
                // The detent moved (its content changed): follow it, position and velocity continuous.
                spring.retarget(to: targetTop, at: now)
            }
            height = screenHeight - spring.value
            if spring.isFinished || (state == .dismissing && height <= 0) {
                finishMotion(in: world)
            } else {
                motion = .spring(spring)
            }
        }
        // A spring may overshoot; the sheet never leaves the screen's top or bottom edge.
        height = min(max(height, 0), screenHeight)
        if case .resting = state, case .none = motion { restingTop = top }
        // The navigation was attached after the sheet: its own layout, later in this phase,
        // lays the screens out in this frame.
        placeNavigation()
    }

    /// The window changed (rotation, iPad multitasking): the sheet takes the new width, cap
    /// and insets; resting, it takes its detent's new height at once (as the rotation does);
    /// moving, its motion carries on towards the detent's new height.
    public func windowDidChange(from old: WorldConfiguration, in world: World) {
        let configuration = world.configuration
        screenHeight = configuration.screenHeight
        screenWidth = configuration.windowWidth
        safeTop = configuration.safeAreaInsets.top
        safeBottom = configuration.safeAreaInsets.bottom
        let device = configuration.safeAreaInsets
        navigation.containerInsets = Insets(top: 0, left: device.left, bottom: device.bottom, right: device.right)
        switch state {
        case .hidden: height = 0
        case .resting: height = targetHeight; motion = .none
        case .dragging: height = min(height, screenHeight)
        default: break
        }
        restingTop = top
        placeNavigation()
    }

    /// The default timing from the current height, started at `start` and advanced to `now`.
    func restartTiming(at start: Nanoseconds, now: Double, in world: World) {
        startTiming(from: height, at: start, in: world)
        if case .timing(var animation, let from) = motion {
            animation.advance(to: now)
            motion = .timing(animation, from: from)
        }
    }

    /// The navigation's container is the sheet's frame (its top safe inset is 0: the sheet
    /// stops below the device's; the bottom one stays the device's).
    func placeNavigation() {
        navigation.container = Rect(x: 0, y: top, width: screenWidth, height: height)
    }
}

/// Phase 4: the sheet's height and frame for the frame (`layout(for:in:)`).
extension SheetEngine: LaysOut {}
