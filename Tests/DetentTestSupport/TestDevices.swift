import DetentTime
import DetentWorld

/// Device profiles the Swift tests share. They mirror config/devices.toml (SPEC §3) but are
/// built in code, so unit tests do not read config files; all tick at 60 Hz unless asked, so
/// frame times are the same on each.
public enum TestDevices {
    /// A phone of 393×852 pt, insets 59/34 in portrait and 59/21/59 in landscape (iPhone 15):
    /// horizontally compact in both orientations.
    public static func phone(refresh: RefreshRate = .fixed(hz: 60)) -> DeviceProfile {
        DeviceProfile(name: "Test Phone", width: 393, height: 852, scale: 3, idiom: .phone,
                      portraitInsets: .init(top: 59, left: 0, bottom: 34, right: 0),
                      landscapeInsets: .init(top: 0, left: 59, bottom: 21, right: 59),
                      refreshRate: refresh, touchRateHz: 60)
    }

    /// A large phone of 430×932 pt (iPhone 15 Pro Max), kept at 60 Hz: horizontally regular
    /// in landscape (Apple HIG size classes), so a split view expands when it rotates.
    public static func largePhone() -> DeviceProfile {
        DeviceProfile(name: "Test Large Phone", width: 430, height: 932, scale: 3, idiom: .phone,
                      portraitInsets: .init(top: 59, left: 0, bottom: 34, right: 0),
                      landscapeInsets: .init(top: 0, left: 59, bottom: 21, right: 59),
                      refreshRate: .fixed(hz: 60), touchRateHz: 60,
                      sizeClasses: [.portrait: .compact, .landscape: .regular])
    }

    /// An iPad of 834×1194 pt, insets 24/20 (iPad Pro 11"), kept at 60 Hz, with its
    /// multitasking widths (config/devices.toml).
    public static func pad() -> DeviceProfile {
        DeviceProfile(name: "Test Pad", width: 834, height: 1194, scale: 2, idiom: .pad,
                      portraitInsets: .init(top: 24, left: 0, bottom: 20, right: 0),
                      landscapeInsets: .init(top: 24, left: 0, bottom: 20, right: 0),
                      refreshRate: .fixed(hz: 60), touchRateHz: 60,
                      multitasking: [
                        .portrait: [.init(mode: "full", width: 834, sizeClass: .regular), .init(mode: "2/3", width: 504, sizeClass: .compact),
                                    .init(mode: "1/3", width: 320, sizeClass: .compact), .init(mode: "slide_over", width: 320, sizeClass: .compact)],
                        .landscape: [.init(mode: "full", width: 1194, sizeClass: .regular), .init(mode: "2/3", width: 809, sizeClass: .regular),
                                     .init(mode: "1/2", width: 592, sizeClass: .compact), .init(mode: "1/3", width: 375, sizeClass: .compact),
                                     .init(mode: "slide_over", width: 375, sizeClass: .compact)],
                      ])
    }

    /// An iPad of 1024×1366 pt, insets 24/20 (iPad Pro 12.9"), kept at 60 Hz, with its
    /// multitasking widths: here 1/2 in landscape stays regular.
    public static func largePad() -> DeviceProfile {
        DeviceProfile(name: "Test Large Pad", width: 1024, height: 1366, scale: 2, idiom: .pad,
                      portraitInsets: .init(top: 24, left: 0, bottom: 20, right: 0),
                      landscapeInsets: .init(top: 24, left: 0, bottom: 20, right: 0),
                      refreshRate: .fixed(hz: 60), touchRateHz: 60,
                      multitasking: [
                        .portrait: [.init(mode: "full", width: 1024, sizeClass: .regular), .init(mode: "2/3", width: 639, sizeClass: .compact),
                                    .init(mode: "1/3", width: 375, sizeClass: .compact), .init(mode: "slide_over", width: 375, sizeClass: .compact)],
                        .landscape: [.init(mode: "full", width: 1366, sizeClass: .regular), .init(mode: "2/3", width: 981, sizeClass: .regular),
                                     .init(mode: "1/2", width: 678, sizeClass: .regular), .init(mode: "1/3", width: 375, sizeClass: .compact),
                                     .init(mode: "slide_over", width: 375, sizeClass: .compact)],
                      ])
    }
}
