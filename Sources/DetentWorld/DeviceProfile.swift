import DetentTime

/// A device the world simulates (SPEC §3): its screen in points, scale, idiom, safe-area
/// insets per orientation, refresh behaviour and touch sampling rate. Loaded from
/// `config/devices.toml`, where each figure names its source.
public struct DeviceProfile: Equatable, Sendable {
    public enum Idiom: String, Sendable, CaseIterable { case phone, pad }

    /// Safe-area insets in points.
    public struct Insets: Equatable, Sendable {
        public var top: Double, left: Double, bottom: Double, right: Double
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
    }

    public var name: String
    /// Portrait width and height in points.
    public var width: Double, height: Double
    public var scale: Double
    public var idiom: Idiom
    public var portraitInsets: Insets
    public var landscapeInsets: Insets
    public var refreshRate: RefreshRate
    /// Touch samples per second (SPEC §8: 120 on 120 Hz devices, 60 otherwise).
    public var touchRateHz: Int
    /// Horizontal size class of a full-screen window per orientation (Apple HIG, Layout ›
    /// Device size classes). Defaults: phones compact, iPads regular.
    public var sizeClasses: [Orientation: SizeClass]
    /// iPad multitasking arrangements per orientation, the full screen included; empty on
    /// phones (SPEC §3).
    public var multitasking: [Orientation: [MultitaskingWidth]]

    public init(name: String, width: Double, height: Double, scale: Double, idiom: Idiom,
                portraitInsets: Insets, landscapeInsets: Insets, refreshRate: RefreshRate, touchRateHz: Int,
                sizeClasses: [Orientation: SizeClass]? = nil, multitasking: [Orientation: [MultitaskingWidth]] = [:]) {
        self.name = name; self.width = width; self.height = height; self.scale = scale; self.idiom = idiom
        self.portraitInsets = portraitInsets; self.landscapeInsets = landscapeInsets
        self.refreshRate = refreshRate; self.touchRateHz = touchRateHz
        let fallback: SizeClass = idiom == .pad ? .regular : .compact
        self.sizeClasses = sizeClasses ?? [.portrait: fallback, .landscape: fallback]
        self.multitasking = multitasking
    }

    /// Horizontal size class of a full-screen window in `orientation`.
    public func sizeClass(in orientation: Orientation) -> SizeClass {
        sizeClasses[orientation] ?? (idiom == .pad ? .regular : .compact)
    }
}

/// Interface orientation of the simulated device.
public enum Orientation: String, Sendable, CaseIterable {
    case portrait, landscape
}
