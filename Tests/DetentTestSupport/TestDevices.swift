import DetentTime
import DetentWorld

/// Device profiles the Swift tests share. They mirror config/devices.toml (SPEC §3) but are
/// built in code, so unit tests do not read config files; all tick at 60 Hz unless asked, so
/// frame times are the same on each.
public enum TestDevices {
    /// A phone of 393×852 pt, insets 59/34 in portrait and 59/21/59 in landscape (iPhone 15).
    public static func phone(refresh: RefreshRate = .fixed(hz: 60)) -> DeviceProfile {
        DeviceProfile(name: "Test Phone", width: 393, height: 852, scale: 3, idiom: .phone,
                      portraitInsets: .init(top: 59, left: 0, bottom: 34, right: 0),
                      landscapeInsets: .init(top: 0, left: 59, bottom: 21, right: 59),
                      refreshRate: refresh, touchRateHz: 60)
    }

    /// An iPad of 834×1194 pt, insets 24/20 (iPad Pro 11"), kept at 60 Hz.
    public static func pad() -> DeviceProfile {
        DeviceProfile(name: "Test Pad", width: 834, height: 1194, scale: 2, idiom: .pad,
                      portraitInsets: .init(top: 24, left: 0, bottom: 20, right: 0),
                      landscapeInsets: .init(top: 24, left: 0, bottom: 20, right: 0),
                      refreshRate: .fixed(hz: 60), touchRateHz: 60)
    }
}
