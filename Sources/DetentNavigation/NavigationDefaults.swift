/// Numbers of the navigation engine (SPEC §3, §4), loaded from `[navigation]` in
/// `config/engine.toml`, which names the source of each. Points and seconds.
public struct NavigationDefaults: Equatable, Sendable {
    /// Push/pop duration and curve: the seed article's bottom-sheet navigation controller.
    public var transitionDuration: Double = 0.35
    public var transitionCurve: String = "sheet"
    /// How far the screen underneath moves, as a fraction of the width (0.3: seed article).
    public var parallax: Double = 0.3
    /// Bar heights: 44 phone portrait, 32 phone landscape, 50 iPad, 56 inside a sheet.
    public var barHeightPhonePortrait: Double = 44
    public var barHeightPhoneLandscape: Double = 32
    public var barHeightPad: Double = 50
    public var barHeightInSheet: Double = 56
    /// Added by a large title (44 + 52 = 96).
    public var largeTitleExtra: Double = 52
    /// Added by a prompt. No public source: UIKit does not document it.
    public var promptExtra: Double = 30
    /// Floor of the top inset a visible bar adds (seed article: the bar is 0 tall at first).
    public var minimumBarInset: Double = 44
    /// UINavigationControllerHideShowBarDuration.
    public var hideShowBarDuration: Double = 0.2
    /// Interactive pop: start zone (max with the left safe inset), the velocity that decides
    /// on its own (widths per second), the progress threshold otherwise, the completion curve.
    public var edgeWidth: Double = 20
    public var decisiveVelocity: Double = 1
    public var finishThreshold: Double = 0.5
    public var completionCurve: String = "easeInEaseOut"
    /// Width of the back button's tap area, and of each bar button. No public source.
    public var backButtonWidth: Double = 100
    public var barButtonWidth: Double = 44

    public init() {}
}
