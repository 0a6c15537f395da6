import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld

/// The scroll view of a full-screen stack's top screen, moved by touch like a UIScrollView
/// (SPEC §8's backmost hit-test layer, "content"). A stack in a sheet has none: the sheet's
/// scroll hand-off moves its content (SPEC §5).
///
/// - **Drag:** the offset follows the finger one point per point between the content's top
///   (−inset.top) and its end (content height + inset.bottom − viewport); past either it
///   rubber-bands (SPEC §2: c = 0.55, d = the viewport's height). A finger catching the
///   content mid-bounce goes on from where it is shown.
/// - **Release inside the range:** momentum at UIScrollView's `normal` rate, 0.998 per ms
///   (`ScrollMomentum`, as the drawer's and the sheet's content): it comes to rest at the
///   projection, or stops at an edge (no bounce in this model, as theirs).
/// - **Release past an edge:** a spring from where the content is, with the release velocity,
///   back to that edge. UIKit publishes no numbers for its bounce; this model uses the world's
///   default spring (`[motion]` in config/engine.toml: SPEC §6's mass 1, stiffness 200, ζ 1).
/// - A touch on the content stops either motion. The viewport is the screen's height inside
///   its safe area (below the bar, above the home indicator), points.
///
/// Properties: `<navigation>.content_offset` (the top screen's offset, points; 0 for a stack
/// layout) and `<navigation>.content_velocity` (pt/s). Time comes only from ticks.
public final class ContentScroller: WorldEngine {
    enum Motion {
        case idle
        /// `start`: the drag target (an offset before rubber-banding) when the finger went down.
        case dragging(Touch, Screen, start: Double)
        case decelerating(ScrollMomentum, Screen)
        case bouncing(SpringAnimator, Screen)
    }

    public let name: String
    unowned let navigation: NavigationEngine
    var motion: Motion = .idle

    init(navigation: NavigationEngine) {
        self.navigation = navigation
        name = "\(navigation.name).scroll"
    }

    /// Adds the scroller to `world`, behind every other responder.
    func attach(to world: World) {
        world.addEngine(self)
        world.touches.addResponder(ContentScrollResponder(scroller: self))
    }

    // MARK: Geometry

    /// The viewport's height and the offsets the content rests between, points.
    static func geometry(of screen: Screen, _ scroll: ScrollContent) -> (viewport: Double, range: ClosedRange<Double>) {
        let insets = screen.safeAreaInsets
        let viewport = max(0, screen.frame.height - insets.top - insets.bottom)
        let top = 0 - scroll.insets.top
        return (viewport, top...max(top, scroll.contentHeight + scroll.insets.bottom - viewport))
    }

    /// The drag's range: rubber-banding over the viewport past either edge.
    static func band(of screen: Screen, _ scroll: ScrollContent) -> RubberBandedRange {
        let (viewport, range) = geometry(of: screen, scroll)
        return RubberBandedRange(range, dimensionPastLower: viewport, dimensionPastUpper: viewport, coefficient: RubberBand.defaultCoefficient)
    }

    /// The scroll view under a point, if the top screen's content scrolls and the point is
    /// inside the stack below its bar (and no transition runs: UIKit ignores touches then).
    /// Content that fits its viewport does not scroll or bounce (UIScrollView's
    /// `alwaysBounceVertical` is false by default), so it claims nothing.
    func claims(_ point: Point) -> Bool {
        guard !navigation.inSheet, !navigation.isTransitioning, let screen = navigation.topScreen, case let .scroll(scroll) = screen.content,
              case let range = Self.geometry(of: screen, scroll).range, range.upperBound > range.lowerBound else { return false }
        let c = navigation.container
        let barBottom = c.y + navigation.containerTopInset + navigation.currentBarHeight
        return point.x >= c.x && point.x <= c.x + c.width && point.y >= barBottom && point.y <= c.y + c.height
    }

    // MARK: Touches

    func began(_ touch: Touch) {
        guard let screen = navigation.topScreen, case let .scroll(scroll) = screen.content else { return }
        motion = .dragging(touch, screen, start: Self.band(of: screen, scroll).unconstrain(scroll.offset))
    }

    func moved(_ touch: Touch) {
        guard case let .dragging(dragged, screen, start) = motion, dragged === touch, case .scroll(let scroll) = screen.content else { return }
        setOffset(Self.band(of: screen, scroll).constrain(start - touch.translation.y), of: screen)
    }

    /// `velocity`: the finger's, pt/s (down positive); the offset moves the other way.
    func ended(_ touch: Touch, velocity: Double, in world: World) {
        guard case let .dragging(dragged, screen, _) = motion, dragged === touch, case .scroll(let scroll) = screen.content else { return }
        let offsetVelocity = -velocity
        let range = Self.geometry(of: screen, scroll).range
        let now = VirtualTime.seconds(world.time)
        if range.contains(scroll.offset) {
            motion = offsetVelocity == 0 ? .idle : .decelerating(
                ScrollMomentum(from: scroll.offset, velocity: offsetVelocity, rate: DecelerationRate.normal.perMillisecond, startTime: now, bounds: range), screen)
        } else {
            let edge = min(max(scroll.offset, range.lowerBound), range.upperBound)
            let motionDefaults = world.configuration.motion
            let parameters = SpringParameters(mass: motionDefaults.springMass, stiffness: motionDefaults.springStiffness,
                                              damping: 2 * motionDefaults.springDampingRatio * (motionDefaults.springStiffness * motionDefaults.springMass).squareRoot())
            motion = .bouncing(SpringAnimator(from: scroll.offset, to: edge, parameters: parameters, initialVelocity: offsetVelocity, startTime: now), screen)
        }
    }

    private func setOffset(_ offset: Double, of screen: Screen) {
        guard case var .scroll(scroll) = screen.content else { return }
        scroll.offset = offset
        screen.content = .scroll(scroll)
    }

    // MARK: WorldEngine

    public var isBusy: Bool {
        if case .idle = motion { return false }
        return true
    }

    public func advance(to tick: Tick, in world: World) {
        // The switch below copies `motion` out, momentum or spring and all (two memcpy a
        // frame); a resting scroller, the usual case, answers without it.
        if case .idle = motion { return }
        let time = VirtualTime.seconds(tick.targetTimestamp)
        switch motion {
        case .idle, .dragging:
            break
        case .decelerating(var momentum, let screen):
            momentum.advance(to: time)
            setOffset(momentum.value, of: screen)
            motion = momentum.isFinished ? .idle : .decelerating(momentum, screen)
        case .bouncing(var spring, let screen):
            spring.advance(to: time)
            setOffset(spring.value, of: screen)
            motion = spring.isFinished ? .idle : .bouncing(spring, screen)
        }
    }

    /// The content's velocity now, pt/s (0 while dragged or at rest).
    public var velocity: Double {
        switch motion {
        case .idle, .dragging: return 0
        case let .decelerating(momentum, _): return momentum.velocity
        case let .bouncing(spring, _): return spring.velocity
        }
    }

    /// The top screen's offset, points (0 when its content is a stack layout).
    public var offset: Double {
        if case let .scroll(scroll)? = navigation.topScreen?.content { return scroll.offset }
        return 0
    }

    /// The last parts of its property names.
    static let propertyKeys = ["content_offset", "content_velocity"]

    public var propertyNames: [String] { Self.propertyKeys.map { "\(navigation.name).\($0)" } }

    public func property(_ property: String) -> Double? {
        switch property {
        case "\(navigation.name).content_offset": return offset
        case "\(navigation.name).content_velocity": return velocity
        default: return nil
        }
    }
}

/// The content layer of SPEC §8, behind everything else.
final class ContentScrollResponder: TouchResponder {
    unowned let scroller: ContentScroller
    init(scroller: ContentScroller) { self.scroller = scroller }
    var hitTestLayer: Int { HitTestLayer.content }

    func hitTest(_ point: Point, in world: World) -> TouchClaim? {
        scroller.claims(point) ? TouchClaim(part: "content") : nil
    }
    func touchBegan(_ touch: Touch, in world: World) { scroller.began(touch) }
    func touchMoved(_ touch: Touch, in world: World) { scroller.moved(touch) }
    func touchEnded(_ touch: Touch, velocity: Point, in world: World) { scroller.ended(touch, velocity: velocity.y, in: world) }
    func touchCancelled(_ touch: Touch, in world: World) { scroller.ended(touch, velocity: 0, in: world) }
}
