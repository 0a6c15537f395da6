import DetentDrawer

/// Numbers of the sheet engine (SPEC §5), loaded from `[sheet]` in `config/engine.toml`, which
/// names the source of each. Points, seconds, pt/s.
public struct SheetDefaults: Equatable, Sendable {
    /// Present, dismiss and content-change animations: the seed article's 0.35 s on `sheet`.
    public var duration: Double = 0.35
    public var curve: String = "sheet"
    /// Alpha of the dimming layer while the sheet rests at or above its smallest detent.
    public var dimmingAlpha: Double = 0.4
    /// Whether a tap on the dimming layer dismisses (UIKit's default for sheets).
    public var dismissesOnDimmingTap = true
    /// Released below the smallest detent, the sheet dismisses at a normalised velocity
    /// v / (distance to hidden) of at least this, in s⁻¹ (FloatingPanel's removal threshold).
    public var dismissVelocityThreshold: Double = 5.5
    /// ...or when its projected position passes this fraction of the smallest detent.
    public var dismissProjectedFraction: Double = 0.5
    /// `medium` is this fraction of the screen height (UIKit: "approximately half").
    public var mediumFraction: Double = 0.5
    /// The content's momentum after a flick: UIScrollView's `normal` rate, 0.998 per ms.
    public var contentDecelerationRate: Double = 0.998
    /// Release projection, policies, settling spring and rubber band: the numbers of SPEC §6,
    /// which the sheet shares with the drawer ("release by projection (§6 policies)").
    public var decelerationRate: Double = 0.99
    public var floatingPanelDecelerationRate: Double = 0.998
    public var redirectThreshold: Double = 0.5
    public var springMass: Double = 1
    public var springStiffness: Double = 200
    public var springDampingRatio: Double = 1
    public var rubberBandCoefficient: Double = 0.55

    public init() {}

    /// The same numbers in the shape the §6 target-selection policies read.
    var policyDefaults: DrawerDefaults {
        var d = DrawerDefaults()
        d.decelerationRate = decelerationRate
        d.floatingPanelDecelerationRate = floatingPanelDecelerationRate
        d.redirectThreshold = redirectThreshold
        d.springMass = springMass
        d.springStiffness = springStiffness
        d.springDampingRatio = springDampingRatio
        d.rubberBandCoefficient = rubberBandCoefficient
        return d
    }
}
