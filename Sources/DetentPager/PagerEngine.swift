import DetentMotion
import DetentRelease
import DetentTime
import DetentWorld

/// A horizontally paging scroll view (SPEC §15: UIScrollView paging as seed 002's article
/// customises it) as a state machine stepped by ticks: a finger drags the pages, rubber-banded
/// past the first and last; a release projects the offset, picks a page (`PagerRelease`) and
/// settles there with a spring that starts with the release velocity. Points, seconds, pt/s.
///
/// The offset is UIScrollView's `contentOffset.x`: page i (counted from 1) rests at
/// (i − 1) · (page width + spacing), and velocities are in that space (positive toward later
/// pages: a finger moving left).
///
/// Events, each carrying the engine's name under "pager":
/// - `pager.began` (offset, interrupted_velocity): a finger took the pages;
/// - `pager.changed` (offset): the finger moved them, or a window change moved them at once;
/// - `pager.ended` (velocity, projection, page, target): the release and its choice;
/// - `pager.state_changed` (state, and page when resting);
/// - `pager.page_changed` (page, previous): it came to rest on a page other than the one it
///   last rested on — once per arrival, never while passing pages under a finger or a spring;
/// - `pager.settled` (page, offset): a spring arrived (after the two above).
public final class PagerEngine {
    /// The events a pager emits (each payload names it as `pager`).
    public static let eventNames = ["pager.began", "pager.changed", "pager.ended", "pager.page_changed", "pager.settled", "pager.state_changed"]

    /// SPEC §15 states.
    public enum State: Equatable, Sendable {
        /// At rest on a page.
        case resting(page: Int)
        /// A finger holds the pages.
        case dragging
        /// The spring carries the pages to `page`.
        case settling(page: Int)

        public var name: String {
            switch self {
            case .resting: return "resting"
            case .dragging: return "dragging"
            case .settling: return "settling"
            }
        }
    }

    public let name: String
    public let defaults: PagerDefaults
    public internal(set) var state: State
    /// contentOffset.x, points.
    public internal(set) var offset: Double
    /// The pages: count, width and spacing.
    public internal(set) var geometry: PagerGeometry
    /// True when the script gave no page width: the pages are as wide as the window and
    /// follow it on rotation and multitasking resizes.
    public let pageWidthFollowsWindow: Bool
    /// The frame's top (y, points) as given, or nil to follow the safe area's top.
    let givenTop: Double?
    /// The frame's height (points) as given, or nil for the window between the safe insets.
    let givenHeight: Double?
    /// The window the pager lays out in, points: set at creation and on every window change.
    public internal(set) var windowWidth: Double
    public internal(set) var screenHeight: Double
    public internal(set) var safeTop: Double
    public internal(set) var safeBottom: Double
    var spring: SpringAnimator?
    /// The finger on the pages and where its pan started (offset space).
    var pan = ContainerPan()
    /// The page it last came to rest on (what `pager.page_changed` reports as previous).
    public internal(set) var restingPage: Int
    /// The velocity the spring had when a finger caught it, pt/s.
    public internal(set) var interruptedVelocity: Double = 0
    /// The last release's velocity in offset space, pt/s (what the spring started with).
    public internal(set) var releaseVelocity: Double = 0
    /// The last release's projection, points (nil before the first release).
    public internal(set) var projection: Double?

    /// A pager of `pages` pages resting at page `page`. `pageWidth` defaults to the window's
    /// width (and then follows it), `spacing` to 0; the frame that takes touches spans the
    /// window's width from `top` (default: the safe area's top) over `height` (default: the
    /// window's height less both safe insets). Throws a `PagerError` for numbers out of range.
    public init(name: String = "pager", world: World, defaults: PagerDefaults, pages: Int, pageWidth: Double? = nil,
                spacing: Double = 0, at page: Int = 1, top: Double? = nil, height: Double? = nil) throws {
        let configuration = world.configuration
        let geometry = try PagerGeometry(pages: pages, pageWidth: pageWidth ?? configuration.windowWidth, spacing: spacing)
        guard geometry.contains(page: page) else { throw PagerError.startPageOutOfRange(page, pages: pages) }
        if let top, !top.isFinite { throw PagerError.invalidTop(top) }
        if let height, !(height.isFinite && height > 0) { throw PagerError.invalidHeight(height) }
        self.name = name
        self.defaults = defaults
        self.geometry = geometry
        pageWidthFollowsWindow = pageWidth == nil
        givenTop = top
        givenHeight = height
        windowWidth = configuration.windowWidth
        screenHeight = configuration.screenHeight
        safeTop = configuration.safeAreaInsets.top
        safeBottom = configuration.safeAreaInsets.bottom
        offset = geometry.offset(ofPage: page)
        state = .resting(page: page)
        restingPage = page
    }

    // MARK: Reading

    /// The page it rests at; while dragging or settling, the page whose offset is nearest the
    /// current offset (clamped to 1…pages) — what a page indicator would show.
    public var page: Int {
        if case let .resting(page) = state { return page }
        return geometry.nearestPage(to: offset)
    }

    /// The page the spring carries it to, or nil unless settling.
    public var targetPage: Int? {
        if case let .settling(page) = state { return page }
        return nil
    }

    /// offset / stride + 1: the page shown, fractional between pages (1.5 is halfway from
    /// page 1 to page 2).
    public var position: Double { offset / geometry.stride + 1 }

    /// The pages' velocity now in offset space, pt/s (positive: toward later pages): while a
    /// finger drags them, the finger's tracked velocity negated (what a release now would
    /// carry); the spring's while settling; 0 at rest.
    public var velocity: Double {
        if state == .dragging, let finger = pan.fingerVelocity { return -finger.x }
        return spring?.velocity ?? 0
    }

    /// The frame that takes touches: from `top` over `height` points, the window's width.
    public var top: Double { givenTop ?? safeTop }
    public var height: Double { givenHeight ?? max(screenHeight - safeTop - safeBottom, 0) }

    // MARK: Programmatic scrolling

    /// Scrolls to `page`: with `animated`, by the settling spring from rest (velocity 0); else
    /// at once. Either takes the pages from a finger (its later movements are ignored) or from
    /// a running spring. Animated to the page it rests at or already settles to, nothing
    /// changes. Throws `PagerError.unknownPage` for a page outside 1…pages.
    public func scroll(toPage page: Int, animated: Bool, in world: World) throws {
        guard geometry.contains(page: page) else { throw PagerError.unknownPage(page, pages: geometry.pageCount) }
        pan.end()
        if animated {
            if state == .resting(page: page) || state == .settling(page: page) { return }
            settle(to: page, velocity: 0, in: world)
        } else {
            spring = nil
            moveOffset(to: geometry.offset(ofPage: page), in: world)
            arrive(at: page, in: world)
        }
    }

    // MARK: Dragging (SPEC §15)

    /// Began: stop any spring (keeping its velocity for reporting); the pan starts from where
    /// the pages are shown, even beyond an end.
    func beginDrag(_ touch: Touch, in world: World) {
        interruptedVelocity = spring?.velocity ?? 0
        spring = nil
        pan.begin(touch, at: offset, in: dragRange)
        setState(.dragging, in: world)
        world.emit("pager.began", [("pager", .string(name)), ("offset", .number(offset)), ("interrupted_velocity", .number(interruptedVelocity))])
    }

    /// Changed: offset = start − the finger's x translation, rubber-banded past the ends.
    func drag(to translationX: Double, in world: World) {
        offset = pan.origin(translation: -translationX, in: dragRange)
        world.emit("pager.changed", [("pager", .string(name)), ("offset", .number(offset))])
    }

    /// The drag's range: the first to the last page's offset, rubber-banding past either over
    /// d = the page width with the defaults' coefficient (SPEC §2).
    var dragRange: RubberBandedRange {
        RubberBandedRange(geometry.offsetRange, dimensionPastLower: geometry.pageWidth, dimensionPastUpper: geometry.pageWidth,
                          coefficient: defaults.rubberBandCoefficient)
    }

    /// Release with the finger's x velocity (pt/s): the offset-space velocity is its negation;
    /// `PagerRelease` picks the page and the spring starts with that velocity.
    func release(fingerVelocityX: Double, in world: World) {
        pan.end()
        let velocity = -fingerVelocityX
        releaseVelocity = velocity
        let release = PagerRelease(offset: offset, velocity: velocity, geometry: geometry,
                                   rate: DecelerationRate(perMillisecond: defaults.decelerationRate))
        projection = release.projection
        world.emit("pager.ended", [("pager", .string(name)), ("velocity", .number(velocity)), ("projection", .number(release.projection)),
                                   ("page", .integer(Int64(release.page))), ("target", .number(release.target))])
        settle(to: release.page, velocity: velocity, in: world)
    }

    // MARK: Settling

    func settle(to page: Int, velocity: Double, in world: World) {
        spring = defaults.settlingSpring.animator(from: offset, to: geometry.offset(ofPage: page), velocity: velocity,
                                                  startTime: VirtualTime.seconds(world.time))
        setState(.settling(page: page), in: world)
    }

    /// Comes to rest on `page` (the offset already there): the state, then `pager.page_changed`
    /// if the page differs from the one it last rested on.
    func arrive(at page: Int, in world: World) {
        setState(.resting(page: page), in: world)
        let previous = restingPage
        restingPage = page
        if page != previous {
            world.emit("pager.page_changed", [("pager", .string(name)), ("page", .integer(Int64(page))), ("previous", .integer(Int64(previous)))])
        }
    }

    func setState(_ newState: State, in world: World) {
        guard newState != state else { return }
        state = newState
        var payload: [(String, EventValue)] = [("pager", .string(name)), ("state", .string(newState.name))]
        if case let .resting(page) = newState { payload.append(("page", .integer(Int64(page)))) }
        world.emit("pager.state_changed", payload)
    }

    /// Sets the offset without animation, reporting a move with `pager.changed`.
    func moveOffset(to newOffset: Double, in world: World) {
        guard newOffset != offset else { return }
        offset = newOffset
        world.emit("pager.changed", [("pager", .string(name)), ("offset", .number(offset))])
    }
}

// MARK: WorldEngine

extension PagerEngine: WorldEngine {
    public var isBusy: Bool {
        if case .resting = state { return false }
        return true
    }

    public func advance(to tick: Tick, in world: World) {
        guard var spring, case let .settling(page) = state else { return }
        spring.advance(to: VirtualTime.seconds(tick.targetTimestamp))
        offset = spring.value
        guard spring.isFinished else {
            self.spring = spring
            return
        }
        self.spring = nil
        offset = spring.target
        arrive(at: page, in: world)
        world.emit("pager.settled", [("pager", .string(name)), ("page", .integer(Int64(page))), ("offset", .number(offset))])
    }
}
