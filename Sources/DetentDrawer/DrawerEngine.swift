import DetentLayout
import DetentMotion
import DetentRelease
import DetentTime
import DetentWorld

/// A pull-up drawer (the seed article's UltraDrawerView, SPEC §6) as a state machine stepped
/// by ticks: a header the finger drags, content that scrolls and hands the drag over to the
/// drawer, anchors, a target-selection policy and a settling spring that starts with the
/// finger's release velocity (pt/s — never pt/ms). Points, seconds, pt/s.
///
/// Events: `drawer.began` (origin, interrupted_velocity), `drawer.changed` (origin),
/// `drawer.ended` (velocity, target, anchor), `drawer.settled` (anchor, origin),
/// `drawer.state_changed` (state, anchor).
public final class DrawerEngine {
    /// The events a drawer emits (each payload names it as `drawer`).
    public static let eventNames = ["drawer.began", "drawer.changed", "drawer.ended", "drawer.policy_failed", "drawer.settled", "drawer.state_changed"]

    /// SPEC §6 states.
    public enum State: Equatable, Sendable {
        case resting(anchor: String?)
        case dragging
        case settling(target: Double)

        public var name: String {
            switch self {
            case .resting: return "resting"
            case .dragging: return "dragging"
            case .settling: return "settling"
            }
        }
    }

    public let name: String
    public let defaults: DrawerDefaults
    public internal(set) var state: State = .resting(anchor: nil)
    /// y of the drawer's top, points.
    public internal(set) var origin: Double
    public internal(set) var anchors: [DrawerAnchor] = []
    var anchorSpecs: [(name: String, spec: DrawerAnchorSpec)] = []
    /// Picks the target on release (SPEC §6); `ultradrawer` unless a script names another.
    public var policy: ReleasePolicy = .ultradrawer
    /// Rubber-band beyond the limits while the header is dragged (else clamp).
    public var bounces = true
    public var headerHeight: Double
    /// The drawer's scrollable content (offset in points, UIScrollView semantics). A change
    /// of its height re-resolves the anchors (a `fit` anchor follows it).
    public var content: ScrollContent {
        didSet {
            guard content.contentHeight != oldValue.contentHeight, !anchorSpecs.isEmpty, let world = worldLink?.world else { return }
            try? setAnchors(anchorSpecs, in: world)
        }
    }
    /// The world the drawer is attached to (for changes made between ticks); nil once it is
    /// gone (a script can keep the drawer's handle past its world).
    var worldLink: WorldLink?
    /// The window the drawer lays out in, points: set at creation and again on every
    /// rotation or iPad multitasking resize (`windowDidChange`). The width is the app
    /// window's (a multitasking width on iPad), the insets the device's for the orientation.
    public internal(set) var screenHeight: Double
    public internal(set) var screenWidth: Double
    public internal(set) var safeTop: Double
    public internal(set) var safeBottom: Double
    /// The release spring while the drawer settles (nil otherwise).
    var spring: SpringAnimator? {
        get { settling?.animator }
        set { settling = newValue.map(SpringBox.init) }
    }
    /// Where `spring` lives: stepped and read in place every frame (`advance`), where an
    /// optional of the animator itself (~200 bytes) was copied whole for each read of it.
    private var settling: SpringBox?
    /// The content's momentum after a flick (UIScrollView deceleration).
    var momentum: ScrollMomentum?
    /// The velocity the spring had when a touch interrupted it, pt/s.
    public internal(set) var interruptedVelocity: Double = 0
    /// The finger on the header or the content, and where its pan started.
    var pan = ContainerPan()
    var restingOrigin: Double
    /// The release velocity of the last drag, pt/s (what the spring started with).
    public private(set) var releaseVelocity: Double = 0

    public init(name: String = "drawer", world: World, defaults: DrawerDefaults, headerHeight: Double? = nil, content: ScrollContent) {
        self.name = name
        self.defaults = defaults
        self.headerHeight = headerHeight ?? defaults.headerHeight
        self.content = content
        let configuration = world.configuration
        screenHeight = configuration.screenHeight
        screenWidth = configuration.windowWidth
        safeTop = configuration.safeAreaInsets.top
        safeBottom = configuration.safeAreaInsets.bottom
        origin = screenHeight
        restingOrigin = screenHeight
    }

    /// Limits of the origin: [smallest anchor, largest anchor].
    public var limits: ClosedRange<Double> {
        guard let lower = anchors.first?.origin, let upper = anchors.last?.origin else { return origin...origin }
        return lower...upper
    }

    /// The resting anchor's name, or nil while dragging, settling or between anchors.
    public var anchorName: String? {
        if case let .resting(anchor) = state { return anchor }
        return nil
    }

    /// The drawer's velocity now, pt/s (positive: downwards): while a finger carries it, the
    /// finger's tracked velocity (what a release now would carry); the spring's while settling;
    /// 0 at rest.
    public var velocity: Double {
        if case .dragging = state, let finger = pan.fingerVelocity { return finger.y }
        return spring?.velocity ?? 0
    }

    // MARK: Anchors

    /// Declares the anchors (resolved now, and again when content or anchors change). While
    /// settling, the spring is retargeted smoothly to the anchor of the same name (or the
    /// nearest) with position and velocity continuous.
    public func setAnchors(_ specs: [(name: String, spec: DrawerAnchorSpec)], in world: World) throws {
        let resolved = try resolve(specs)
        let previousTarget: String? = {
            if case let .settling(target) = state { return anchors.first { $0.origin == target }?.name }
            return nil
        }()
        anchorSpecs = specs
        anchors = resolved
        // Resting at an anchor that moved: follow it with the settling spring.
        if case let .resting(anchorName?) = state, let moved = anchors.first(where: { $0.name == anchorName }), moved.origin != origin {
            settle(to: moved.origin, velocity: 0, in: world)
        }
        if case .settling = state, var spring {
            let target = previousTarget.flatMap { name in anchors.first { $0.name == name }?.origin }
                ?? anchors.min { abs($0.origin - spring.target) < abs($1.origin - spring.target) }!.origin
            spring.retarget(to: target, at: VirtualTime.seconds(world.time))
            self.spring = spring
            state = .settling(target: target)
        }
    }

    /// The anchors `specs` declare, resolved against the current window, safe area, header
    /// and content, sorted by origin.
    func resolve(_ specs: [(name: String, spec: DrawerAnchorSpec)]) throws -> [DrawerAnchor] {
        var resolved: [DrawerAnchor] = []
        resolved.reserveCapacity(specs.count)
        var names = Set<String>(minimumCapacity: specs.count)   // a hash, not a scan: 10,000 anchors stay linear
        for (name, spec) in specs {
            // Two anchors of one name could never both be reached by name (sheets refuse it too).
            guard names.insert(name).inserted else { throw DrawerError.duplicateAnchor(name) }
            guard let origin = spec.origin(height: screenHeight, safeTop: safeTop, safeBottom: safeBottom, headerHeight: headerHeight,
                                           contentHeight: content.contentHeight, defaults: defaults) else {
                if case let .named(state) = spec { throw DrawerError.unknownState(state) }
                throw DrawerError.invalidAnchor(name)
            }
            guard origin.isFinite else { throw DrawerError.invalidAnchor(name) }
            resolved.append(DrawerAnchor(name: name, origin: origin))
        }
        guard !resolved.isEmpty else { throw DrawerError.noAnchors }
        return resolved.sorted { $0.origin < $1.origin }
    }

    /// Puts the drawer at an anchor at once (no animation).
    public func move(toAnchor anchorName: String, in world: World) throws {
        guard let anchor = anchors.first(where: { $0.name == anchorName }) else { throw DrawerError.unknownAnchor(anchorName, anchors.map(\.name)) }
        spring = nil
        origin = anchor.origin
        restingOrigin = anchor.origin
        setState(.resting(anchor: anchor.name), in: world)
    }

    /// Animates to an anchor with the settling spring, from rest.
    public func animate(toAnchor anchorName: String, in world: World) throws {
        guard let anchor = anchors.first(where: { $0.name == anchorName }) else { throw DrawerError.unknownAnchor(anchorName, anchors.map(\.name)) }
        settle(to: anchor.origin, velocity: 0, in: world)
    }

    func setState(_ newState: State, in world: World) {
        guard newState != state else { return }
        state = newState
        var payload: [(String, EventValue)] = [("drawer", .string(name)), ("state", .string(newState.name))]
        if case let .resting(anchor) = newState, let anchor { payload.append(("anchor", .string(anchor))) }
        world.emit("drawer.state_changed", payload)
    }

    // MARK: Dragging (SPEC §6 header pan)

    /// Began: stop any animation (keeping its velocity for reporting).
    func beginDrag(_ touch: Touch, in world: World) {
        interruptedVelocity = spring?.velocity ?? 0
        spring = nil
        // Caught beyond a limit (a spring overshooting, anchors that moved), the drag starts
        // from where the drawer is shown.
        pan.begin(touch, at: origin, in: dragRange)
        setState(.dragging, in: world)
        world.emit("drawer.began", [("drawer", .string(name)), ("origin", .number(origin)), ("interrupted_velocity", .number(interruptedVelocity))])
    }

    /// Changed: origin = start + translation, rubber-banded (or clamped) beyond the limits.
    func drag(to translation: Double, in world: World) {
        origin = pan.origin(translation: translation, in: dragRange)
        world.emit("drawer.changed", [("drawer", .string(name)), ("origin", .number(origin))])
    }

    /// The header pan's range (SPEC §6): the limits, rubber-banding past the lower one over
    /// |lower| and past the upper one over screen height − upper if `bounces`, else clamping.
    var dragRange: RubberBandedRange {
        .headerPan(limits: limits, screenHeight: screenHeight, bounces: bounces, coefficient: defaults.rubberBandCoefficient)
    }

    /// Release: the policy picks the target; the spring starts with the release velocity.
    func release(velocity: Double, in world: World) {
        pan.end()
        releaseVelocity = velocity
        let decision = policy.decide(ReleaseState(origin: origin, velocity: velocity, anchors: anchors, restingOrigin: restingOrigin, defaults: defaults))
        if let failure = decision.failure {
            world.emit("drawer.policy_failed", [("drawer", .string(name)), ("error", .string(String(describing: failure)))])
            policyErrors.append(failure)
        }
        // After a failure the drawer goes to the anchor nearest where it is, reported as `nearest`.
        let policyName = decision.failure == nil ? policy.name : ReleasePolicy.nearest.name
        let target = decision.target
        let anchor = anchors.first { $0.origin == target }?.name
        world.emit("drawer.ended", [("drawer", .string(name)), ("velocity", .number(velocity)), ("target", .number(target)),
                                    ("anchor", .string(anchor ?? "")), ("policy", .string(policyName))])
        settle(to: target, velocity: velocity, in: world)
    }

    /// Errors thrown by custom (Lua) policies, for the host to report.
    public var policyErrors: [Error] = []

    func settle(to target: Double, velocity: Double, in world: World) {
        spring = SettlingSpring(defaults).animator(from: origin, to: target, velocity: velocity, startTime: VirtualTime.seconds(world.time))
        setState(.settling(target: target), in: world)
    }

    // MARK: WorldEngine

    public var isBusy: Bool {
        if case .resting = state { return momentum != nil }
        return true
    }

    public func advance(to tick: Tick, in world: World) {
        // The momentum and the spring are stepped where they are stored: copying one out and
        // back is two memcpy of the whole animator a frame.
        if momentum != nil {
            momentum!.advance(to: VirtualTime.seconds(tick.targetTimestamp))
            content.offset = momentum!.value
            if momentum!.isFinished { momentum = nil }
        }
        guard let settling else { return }
        settling.animator.advance(to: VirtualTime.seconds(tick.targetTimestamp))
        origin = settling.animator.value
        guard settling.animator.isFinished else { return }
        origin = settling.animator.target
        self.settling = nil
        restingOrigin = origin
        let anchor = anchors.first { $0.origin == origin }?.name
        setState(.resting(anchor: anchor), in: world)
        world.emit("drawer.settled", [("drawer", .string(name)), ("anchor", .string(anchor ?? "")), ("origin", .number(origin))])
    }
}

/// A drawer request that cannot be met, as a sentence.
public enum DrawerError: Error, Equatable, CustomStringConvertible {
    case noAnchors
    case unknownState(String)
    case invalidAnchor(String)
    case unknownAnchor(String, [String])
    case duplicateAnchor(String)

    public var description: String {
        switch self {
        case .noAnchors: return "a drawer needs at least one anchor"
        case let .unknownState(name): return "unknown anchor state '\(name)' (expected one of: \(DrawerAnchorSpec.stateNames.joined(separator: ", ")))"
        case let .invalidAnchor(name): return "anchor '\(name)' does not resolve to a finite origin"
        case let .unknownAnchor(name, known): return "no anchor named '\(name)' (anchors: \(known.joined(separator: ", ")))"
        case let .duplicateAnchor(name): return "anchor '\(name)' is declared twice"
        }
    }
}

/// A drawer's settling spring, boxed (`DrawerEngine.settling`).
private final class SpringBox {
    var animator: SpringAnimator
    init(_ animator: SpringAnimator) { self.animator = animator }
}
