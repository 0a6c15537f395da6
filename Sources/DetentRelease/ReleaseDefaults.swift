/// The numbers of a release (SPEC §6), loaded from `[drawer]` in `config/engine.toml`, which
/// names the source of each: the drawer and the sheet project, pick targets, settle,
/// rubber-band and let their content decelerate with these. Points, seconds, pt/s; rates are
/// UIScrollView deceleration rates per millisecond.
///
/// `[drawer]` also holds the drawer's named anchors and default header (the last section
/// below); they ride along here because the section is read once for both engines. The
/// sheet does not read them.
public struct ReleaseDefaults: Equatable, Sendable {
    // MARK: Projection and target selection

    /// Projection rate of the `ultradrawer` policy: `fast`, 0.99 per ms (SPEC §6, UltraDrawerView).
    public var decelerationRate: Double = 0.99
    /// Projection rate of the `floatingpanel` policy: UIScrollView's `normal`, 0.998 per ms
    /// (SPEC §6; FloatingPanel's default momentumProjectionRate).
    public var floatingPanelDecelerationRate: Double = 0.998
    /// The `floatingpanel` policy's redirect threshold, a fraction of the segment (SPEC §6;
    /// FloatingPanel's default redirectionalProgress).
    public var redirectThreshold: Double = 0.5

    // MARK: Settling spring (SPEC §6: mass 1, stiffness 200, damping ratio 1)

    /// kg-like unit of the spring equation m·x″ + c·x′ + k·x = 0 (SPEC §2).
    public var springMass: Double = 1
    /// k, N/m-like: force per point of displacement.
    public var springStiffness: Double = 200
    /// ζ = c / (2·√(k·m)); 1 is critically damped.
    public var springDampingRatio: Double = 1

    // MARK: Dragging and content

    /// Rubber-band coefficient c of b(x) = (1 − 1/(x·c/d + 1))·d (SPEC §2: the UIScrollView constant 0.55).
    public var rubberBandCoefficient: Double = 0.55
    /// The content's momentum after a flick: UIScrollView's `normal` rate, 0.998 per ms (SPEC §2).
    public var contentDecelerationRate: Double = 0.998

    // MARK: The drawer's named anchors and header (read by the drawer only)

    /// `top` sits this far below the safe top, points. No public source: UltraDrawerView's
    /// demo leaves it to the app.
    public var topInset: Double = 0
    /// `middle` shows this fraction of the screen. No public source (as `topInset`).
    public var middleFraction: Double = 0.5
    /// Header height when a script gives none, points. No public source.
    public var headerHeight: Double = 44

    public init() {}
}
