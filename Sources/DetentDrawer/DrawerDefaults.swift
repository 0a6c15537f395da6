/// Numbers of the drawer engine (SPEC §6), loaded from `[drawer]` in `config/engine.toml`,
/// which names the source of each. Points, seconds, pt/s.
public struct DrawerDefaults: Equatable, Sendable {
    /// Projection rate for the `ultradrawer` policy: `fast` 0.99 per ms (UltraDrawerView).
    public var decelerationRate: Double = 0.99
    /// Projection rate of the `floatingpanel` policy: UIScrollView's normal 0.998 (FloatingPanel's
    /// momentumProjectionRate default).
    public var floatingPanelDecelerationRate: Double = 0.998
    /// FloatingPanel's default redirectional progress.
    public var redirectThreshold: Double = 0.5
    /// Settling spring (SPEC §6): mass 1, stiffness 200, damping ratio 1.
    public var springMass: Double = 1
    public var springStiffness: Double = 200
    public var springDampingRatio: Double = 1
    /// The content's momentum after a flick: UIScrollView's `normal` rate, 0.998 per ms.
    public var contentDecelerationRate: Double = 0.998
    /// Rubber-band coefficient (SPEC §2).
    public var rubberBandCoefficient: Double = 0.55
    /// Named states: `top` sits this far below the safe top; `middle` shows this fraction.
    /// No public source: UltraDrawerView's demo leaves them to the app.
    public var topInset: Double = 0
    public var middleFraction: Double = 0.5
    /// Header height when a script gives none, points. No public source.
    public var headerHeight: Double = 44

    public init() {}
}
