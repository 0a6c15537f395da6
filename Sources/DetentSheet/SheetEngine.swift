import DetentLayout
import DetentMotion
import DetentNavigation
import DetentRelease
import DetentTime
import DetentWorld

/// A bottom sheet that presents a navigation stack (SPEC §5; the seed article's bottom-sheet
/// navigation controller, with UIKit's detents beyond it), as a state machine stepped by ticks.
///
/// Its **height** is the visible part, from the screen's bottom edge to the sheet's top, in
/// points; `top` = screen height − height. Resting at the `content` detent, the height is the
/// navigation bar + the top screen's content height + the bottom safe inset, capped at the
/// screen height − top safe inset: it moves with a push or pop's progress, and animates on the
/// default timing (0.35 s, `sheet`) when the content changes outside a transition — or during
/// one, from the height on show towards the target still moving with the transition
/// (`contentEndsMoved`) — or jumps with a change made with `animated = false`. Dragging follows the finger, rubber-bands above
/// the largest detent, and a release picks a detent with a §6 policy or dismisses; a settling
/// spring starts with the release velocity (pt/s). The dimming layer's alpha follows the
/// height: full at or above the smallest detent, fading to 0 as the sheet leaves.
///
/// Events: `sheet.will_present`, `sheet.did_present` (detent), `sheet.will_dismiss`
/// (reason), `sheet.did_dismiss`, `sheet.drag_began` (height, interrupted_velocity),
/// `sheet.drag_ended` (velocity, detent or dismiss), `sheet.settled` (detent, height),
/// `sheet.state_changed` (state, detent), `sheet.dimming_tapped` (dismissed).
public final class SheetEngine {
    /// The events a sheet emits (each payload names it as `sheet`).
    public static let eventNames = ["sheet.will_present", "sheet.did_present", "sheet.will_dismiss", "sheet.did_dismiss", "sheet.settled", "sheet.state_changed", "sheet.drag_began", "sheet.drag_ended", "sheet.dimming_tapped", "sheet.policy_failed"]

    /// SPEC §5 states.
    public enum State: Equatable, Sendable {
        case hidden
        case presenting(detent: String)
        case resting(detent: String)
        case dragging
        case settling(detent: String)
        case dismissing

        public var name: String {
            switch self {
            case .hidden: return "hidden"
            case .presenting: return "presenting"
            case .resting: return "resting"
            case .dragging: return "dragging"
            case .settling: return "settling"
            case .dismissing: return "dismissing"
            }
        }

        /// The detent the sheet rests at or is heading for.
        public var detent: String? {
            switch self {
            case let .presenting(d), let .resting(d), let .settling(d): return d
            case .hidden, .dragging, .dismissing: return nil
            }
        }
    }

    /// What moves the height between ticks.
    enum Motion {
        case none
        /// Progress 0 → 1 on the default timing; height = from + (target − from)·progress with
        /// the target read live, so content that changes meanwhile is followed.
        case timing(TimingAnimator, from: Double)
        /// A spring on `top` (y of the sheet's top edge), retargeted when the detent moves.
        case spring(SpringAnimator)
    }

    public let name: String
    public let defaults: SheetDefaults
    /// The stack the sheet presents; its container is the sheet's frame.
    public let navigation: NavigationEngine
    public internal(set) var state: State = .hidden
    /// Visible height, points (0 when hidden).
    public internal(set) var height: Double = 0
    var detentSpecs: [(name: String, spec: SheetDetentSpec)] = [("content", .content)]
    /// Picks the detent on release, over the detents' tops (SPEC §5 with §6's policies).
    public var policy: ReleasePolicy = .ultradrawer
    /// `false` blocks both drag-to-dismiss and the dimming tap (UIKit's isModalInPresentation).
    public var isDismissible = true
    public var dismissesOnDimmingTap: Bool
    var motion: Motion = .none
    /// The target the running timing animation was heading for at the last frame, points.
    var timingTarget: Double = 0
    /// The top screen's content momentum after a flick at the largest detent.
    var momentum: ScrollMomentum?
    /// Whether the navigation applied a change at once since the height last looked.
    var changedImmediately = false
    /// Whether the navigation was in a transition at the last layout.
    var wasTransitioning = false
    /// What the content asked for at the last layout (`ContentEnds`).
    var seenContentEnds: ContentEnds?

    // The window, points (they change when the device rotates or an iPad window resizes).
    var screenHeight: Double
    var screenWidth: Double
    var safeTop: Double
    var safeBottom: Double
    // Dragging
    /// The finger dragging the sheet (its bar area or its content) and where its pan started.
    var pan = ContainerPan()
    /// The top of the detent the sheet last rested at (the `floatingpanel` policy reads it).
    var restingTop: Double
    /// The release velocity of the last drag, pt/s, positive downwards.
    public internal(set) var releaseVelocity: Double = 0
    /// The velocity the sheet had when a touch caught it, pt/s.
    public internal(set) var interruptedVelocity: Double = 0
    /// Errors thrown by custom (Lua) policies, for the host to report.
    public var policyErrors: [Error] = []

    public init(name: String = "sheet", world: World, defaults: SheetDefaults, navigationDefaults: NavigationDefaults) {
        self.name = name
        self.defaults = defaults
        dismissesOnDimmingTap = defaults.dismissesOnDimmingTap
        let configuration = world.configuration
        screenHeight = configuration.screenHeight
        screenWidth = configuration.windowWidth
        safeTop = configuration.safeAreaInsets.top
        safeBottom = configuration.safeAreaInsets.bottom
        restingTop = configuration.screenHeight
        navigation = NavigationEngine(name: "\(name).navigation", world: world, defaults: navigationDefaults, placement: .sheet)
        // The sheet places its navigation; a window change must not take it full screen.
        navigation.adopt(by: self)
        placeNavigation()
    }

    /// y of the sheet's top edge, points.
    public var top: Double { screenHeight - height }
    /// The tallest the sheet gets at rest: screen height − top safe inset, points.
    public var cap: Double { screenHeight - safeTop }
    public var isPresented: Bool { state != .hidden }

    /// The height the content asks for now: bar + top screen's content + bottom inset, capped.
    /// During a push or pop each screen's height is capped first and the two are blended
    /// with the transition's progress, as the seed's bottom-sheet navigation controller
    /// does: content taller than the cap makes no jump at the start or the end of the
    /// transition. Outside one the bar counts as it will be once a hide/show animation ends.
    public var contentHeight: Double {
        guard navigation.topScreen != nil else { return min(cap, safeBottom) }
        if let ends = navigation.transitionEnds {
            let capped = cappedHeights(ends)
            return capped.from + (capped.to - capped.from) * ends.progress
        }
        return min(cap, navigation.restingBarHeight + navigation.contentHeight + safeBottom)
    }

    /// The heights the two ends of a push or pop ask for, each capped: bar + content + bottom
    /// inset, at most `cap`, points.
    func cappedHeights(_ ends: TransitionEnds) -> (from: Double, to: Double) {
        (min(cap, ends.fromBar + ends.fromContent + safeBottom), min(cap, ends.toBar + ends.toContent + safeBottom))
    }

    /// The detents resolved for the content now, smallest first (ties in declaration order).
    public var detents: [SheetDetent] {
        let resolved = detentSpecs.map { SheetDetent(name: $0.name, height: height(of: $0.spec)) }
        return resolved.enumerated().sorted { ($0.element.height, $0.offset) < ($1.element.height, $1.offset) }.map(\.element)
    }

    /// A detent's height now, points (read every frame: no array is built).
    public func detentHeight(_ detentName: String) -> Double? {
        detentSpecs.first { $0.name == detentName }.map { height(of: $0.spec) }
    }

    func height(of spec: SheetDetentSpec) -> Double {
        switch spec {
        case .content: return contentHeight
        case .medium: return min(cap, screenHeight * defaults.mediumFraction)
        case .large: return cap
        case let .height(h): return min(cap, h)
        }
    }

    /// The detent the sheet rests at, or nil while moving or hidden.
    public var restingDetent: String? {
        if case let .resting(d) = state { return d }
        return nil
    }

    /// The dimming layer's alpha: the configured alpha at or above the smallest detent, in
    /// proportion to the height below it.
    public var dimmingAlpha: Double {
        guard let smallest = detents.first?.height, smallest > 0 else { return height > 0 ? defaults.dimmingAlpha : 0 }
        return defaults.dimmingAlpha * min(1, max(0, height / smallest))
    }

    /// The sheet's top edge's velocity, pt/s (positive: downwards, the sheet shrinking): while a
    /// finger carries it, the finger's tracked velocity (what a release now would carry); else
    /// its animation's.
    public var velocity: Double {
        if state == .dragging, let finger = pan.fingerVelocity { return finger.y }
        switch motion {
        case .none: return 0
        case let .spring(spring): return spring.velocity
        case let .timing(animation, from): return -(targetHeight - from) * animation.velocity
        }
    }

    /// Where the current motion is heading: the detent's live height, or 0 when leaving.
    var targetHeight: Double {
        switch state {
        case let .presenting(d), let .resting(d), let .settling(d): return detentHeight(d) ?? height
        case .dismissing, .hidden: return 0
        case .dragging: return height
        }
    }

    // MARK: Detents

    /// Declares the detents. A sheet heading for or resting at a detent that is gone moves to
    /// the nearest remaining one.
    public func setDetents(_ specs: [(name: String, spec: SheetDetentSpec)], in world: World) throws {
        guard !specs.isEmpty else { throw SheetError.noDetents }
        var names = Set<String>(minimumCapacity: specs.count)   // a hash, not a scan: many detents stay linear
        for entry in specs {
            if !names.insert(entry.name).inserted { throw SheetError.duplicateDetent(entry.name) }
            if case let .height(h) = entry.spec, !(h.isFinite && h > 0) { throw SheetError.invalidDetent(entry.name) }
        }
        detentSpecs = specs
        guard let current = state.detent, detentHeight(current) == nil else { return }
        let nearest = detents.min { abs($0.height - height) < abs($1.height - height) }!
        switch state {
        case .presenting: setState(.presenting(detent: nearest.name), in: world)
        case .resting: settle(to: nearest.name, velocity: 0, in: world)
        case .settling: setState(.settling(detent: nearest.name), in: world)
        default: break
        }
    }

    public var detentNames: [String] { detentSpecs.map(\.name) }

    func setState(_ newState: State, in world: World) {
        guard newState != state else { return }
        state = newState
        var payload: [(String, EventValue)] = [("sheet", .string(name)), ("state", .string(newState.name))]
        if let detent = newState.detent { payload.append(("detent", .string(detent))) }
        world.emit("sheet.state_changed", payload)
    }
}
