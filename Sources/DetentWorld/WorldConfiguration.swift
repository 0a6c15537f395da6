import DetentMotion
import DetentTime

/// Defaults for the generic animators and motion (SPEC §2). Loaded from
/// `config/engine.toml`; the values here are the SPEC's and the file repeats them with sources.
public struct MotionDefaults: Equatable, Sendable {
    /// Duration of a timing animation when a script gives none, in seconds (SPEC §4: 0.35 s).
    public var duration: Double = 0.35
    /// Curve of a timing animation when a script gives none (SPEC §2: `sheet`).
    public var curve: String = "sheet"
    /// Spring used when a script gives no parameters (SPEC §6: mass 1, stiffness 200, ζ 1).
    public var springMass: Double = 1
    public var springStiffness: Double = 200
    public var springDampingRatio: Double = 1
    /// Deceleration rate for projection (SPEC §6: `fast` 0.99 by default).
    public var decelerationRate: String = "fast"
    /// Velocity tracker strategy: `lsq2` (default) or `ios` (SPEC §2).
    public var velocityTracker: String = "lsq2"
    public init() {}
}

/// Everything a world is made from: the device, its orientation, the app window's
/// multitasking arrangement and engine defaults.
public struct WorldConfiguration: Equatable, Sendable {
    public var device: DeviceProfile
    public var orientation: Orientation
    public var motion: MotionDefaults
    /// The iPad multitasking arrangement the app's window is in; nil for a full-screen window.
    public var multitasking: MultitaskingWidth?

    public init(device: DeviceProfile, orientation: Orientation = .portrait, motion: MotionDefaults = MotionDefaults(),
                multitasking: MultitaskingWidth? = nil) {
        self.device = device
        self.orientation = orientation
        self.motion = motion
        self.multitasking = multitasking
    }

    /// Width of the app's window in points: the screen's, or the multitasking width. The
    /// window's leading edge is at x = 0 (the app is on the left of a Split View).
    public var windowWidth: Double { multitasking?.width ?? screenWidth }
    /// Horizontal size class of the app's window (SPEC §3, §7).
    public var horizontalSizeClass: SizeClass { multitasking?.sizeClass ?? device.sizeClass(in: orientation) }

    /// Screen size in points for the current orientation.
    public var screenWidth: Double { orientation == .portrait ? device.width : device.height }
    public var screenHeight: Double { orientation == .portrait ? device.height : device.width }
    public var safeAreaInsets: DeviceProfile.Insets {
        orientation == .portrait ? device.portraitInsets : device.landscapeInsets
    }
}
