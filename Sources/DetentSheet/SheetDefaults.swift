import DetentRelease

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
    /// Release projection, policies, settling spring, rubber band and content momentum: the
    /// drawer's numbers (SPEC §5 "release by projection (§6 policies)"), one source for both,
    /// loaded from `[drawer]`.
    public var release = ReleaseDefaults()

    public init() {}
}
