/// One iPad multitasking arrangement (Split View or Slide Over) for one orientation: the
/// app window's width in points and the horizontal size class it gets (SPEC §3). Loaded from
/// `config/devices.toml`, where each width names its source.
public struct MultitaskingWidth: Equatable, Sendable {
    /// The arrangement's name as written in config ("full", "2/3", "1/2", "1/3", "slide_over").
    /// Rotation keeps the name and looks the width up again in the new orientation.
    public var mode: String
    /// Window width, points.
    public var width: Double
    public var sizeClass: SizeClass

    public init(mode: String, width: Double, sizeClass: SizeClass) {
        self.mode = mode
        self.width = width
        self.sizeClass = sizeClass
    }

    /// The name of the full-screen arrangement: the window spans the screen.
    public static let fullScreenMode = "full"
}
