import DetentMotion
import DetentWorld

/// The finger dragging a drawer or sheet, from touch-down to release: which touch holds the
/// container, where the pan's translation is added to, and the finger's last y on the
/// content (for the scroll hand-off). Points, y down.
///
/// The header (or grabber) pan follows SPEC §6: origin = range.constrain(start + translation),
/// where `range` rubber-bands or clamps past the limits. A pan that catches the container
/// beyond a limit starts from where it is shown (`range.unconstrain`), so nothing jumps.
public struct ContainerPan {
    /// The touch dragging the container, or nil between drags.
    public weak var touch: Touch?
    /// The unconstrained origin the pan's translation adds to, points.
    public private(set) var startOrigin: Double = 0
    /// The finger's last y on the content, points.
    public private(set) var lastContentY: Double = 0
    /// Whether the content finger's last movement scrolled the content (the container
    /// stayed): the finger then does not carry the container.
    public var contentScrolls = false

    public init() {}

    /// A pan begins with `touch` on a container shown at `origin`.
    public mutating func begin(_ touch: Touch?, at origin: Double, in range: RubberBandedRange) {
        self.touch = touch
        contentScrolls = false
        startOrigin = range.unconstrain(origin)
    }

    /// The velocity of the finger carrying the container, pt/s: what a release at the present
    /// frame would carry (0 once it has rested over 40 ms); nil between drags and while a
    /// content finger scrolls the content instead.
    public var fingerVelocity: Point? {
        guard !contentScrolls, let touch else { return nil }
        return touch.velocityNow
    }

    /// The origin for the pan's `translation` (points, the touch's from its start).
    public func origin(translation: Double, in range: RubberBandedRange) -> Double {
        range.constrain(startOrigin + translation)
    }

    /// The container moved under a finger that is still down (the window changed): the pan
    /// goes on from `origin` with the finger's current `translation`.
    public mutating func resume(at origin: Double, translation: Double, in range: RubberBandedRange) {
        startOrigin = range.unconstrain(origin) - translation
    }

    /// `touch` touched the content at `y`: it holds the container, which it moves whenever
    /// the scroll hand-off gives it the movement.
    public mutating func beginContent(_ touch: Touch?, at y: Double) {
        self.touch = touch
        lastContentY = y
        contentScrolls = false
    }

    /// The content finger moved to `y`: the movement since the last call, points (positive: down).
    public mutating func contentMoved(to y: Double) -> Double {
        defer { lastContentY = y }
        return y - lastContentY
    }

    /// The drag ended: no touch holds the container.
    public mutating func end() {
        touch = nil
        contentScrolls = false
    }
}

extension RubberBandedRange {
    /// The header pan's range (SPEC §6): the limits [min anchor, max anchor]; past the lower
    /// one the origin rubber-bands over d = |lower|, past the upper one over d = screen height
    /// − upper, with c = `coefficient` (0.55) — if `bounces`; otherwise (and where d is 0)
    /// it clamps.
    public static func headerPan(limits: ClosedRange<Double>, screenHeight: Double, bounces: Bool, coefficient: Double) -> RubberBandedRange {
        RubberBandedRange(limits, dimensionPastLower: bounces ? abs(limits.lowerBound) : 0,
                          dimensionPastUpper: bounces ? screenHeight - limits.upperBound : 0, coefficient: coefficient)
    }
}
