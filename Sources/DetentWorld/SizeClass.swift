/// A horizontal size class (UIUserInterfaceSizeClass): how much room a window has across.
/// Apple's Human Interface Guidelines (Layout › Device size classes) list it per device,
/// orientation and iPad multitasking mode; `config/devices.toml` repeats those tables.
public enum SizeClass: String, Sendable, CaseIterable {
    case compact, regular
}
