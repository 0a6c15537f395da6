import DetentAdaptive
import DetentDrawer
import DetentNavigation
import DetentRelease
import DetentSheet
import DetentWorld

/// The numbers the engines of one world start from: `config/engine.toml`'s five sections,
/// with whatever that world's `detent.world{config = {...}}` overrides.
public struct EngineDefaults: Equatable, Sendable {
    /// `[motion]`: generic animators, `detent.motion`, velocity tracking.
    public var motion: MotionDefaults
    /// `[navigation]`: navigation stacks, and the bars of sheets, split views and tabs.
    public var navigation: NavigationDefaults
    /// `[drawer]`: drawers, and the release numbers sheets share with them (SPEC §6).
    public var drawer: DrawerDefaults
    /// `[sheet]`.
    public var sheet: SheetDefaults
    /// `[adaptive]`: split views and tab containers.
    public var adaptive: AdaptiveDefaults

    /// The SPEC's values (what `config/engine.toml` repeats).
    public init(motion: MotionDefaults = MotionDefaults(), navigation: NavigationDefaults = NavigationDefaults(),
                drawer: DrawerDefaults = DrawerDefaults(), sheet: SheetDefaults = SheetDefaults(),
                adaptive: AdaptiveDefaults = AdaptiveDefaults()) {
        self.motion = motion
        self.navigation = navigation
        self.drawer = drawer
        self.sheet = sheet
        self.adaptive = adaptive
    }
}
