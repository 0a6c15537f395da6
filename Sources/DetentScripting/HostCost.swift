import DetentLua

/// What host objects a script makes cost its memory cap (`LuaCall.charge(bytes:)`), in bytes:
/// estimates of each object's size with what it holds, not measurements. Their purpose is
/// that a loop making worlds, screens, touches or events runs into the cap as a loop making
/// Lua tables would, instead of growing the process without bound.
enum HostCost {
    static let world = 16_384
    /// A navigation stack, a drawer, a sheet, a split view or a tab container.
    static let engine = 8_192
    static let screen = 2_048
    static let animator = 512
    static let touch = 1_024
    static let touchSample = 64
    static let event = 256
    static let observer = 256
    static let trace = 1_024
}
