/// Numbers of the split view and the tab container (SPEC §3, §7), loaded from `[adaptive]`
/// in `config/engine.toml`, which names the source of each. Points and seconds.
public struct AdaptiveDefaults: Equatable, Sendable {
    /// Tab bar height on phones (SPEC §3; seed article 003: 49).
    public var tabBarHeightPhone: Double = 49
    /// Tab bar height in landscape on phones narrower than `narrowPhoneWidth` (SPEC §3: 32).
    public var tabBarHeightPhoneLandscapeNarrow: Double = 32
    /// The portrait width below which a phone gets the short landscape tab bar (SPEC §3: 400).
    public var narrowPhoneWidth: Double = 400
    /// Tab bar height on iPad (SPEC §3: 50).
    public var tabBarHeightPad: Double = 50
    /// Duration of the tab bar's alpha fade when it hides or shows (SPEC §7: 0.25 s).
    public var tabBarFadeDuration: Double = 0.25
    /// Curve of that fade: UIView.animate's default, ease-in-ease-out.
    public var tabBarFadeCurve: String = "easeInEaseOut"
    /// Width of the primary column while both columns show. No public source (Apple documents
    /// only `automaticDimension`); 320, the narrowest multitasking window, is this model's.
    public var primaryColumnWidth: Double = 320
    /// How long a size change (rotation, multitasking resize) takes: the `did_collapse` and
    /// `did_expand` events and the expansion's pushes come at its end. 0.4 s:
    /// UIApplication.statusBarOrientationAnimationDuration for a 90° rotation.
    public var sizeChangeDuration: Double = 0.4

    public init() {}
}
