import DetentLua

/// Turns the values an `eval` returned into what a person and a program read: the text the
/// console prints (values separated by tabs, tables formatted as `print` formats them) and
/// one JSON text (a single value, or an array for several; tables become arrays or objects
/// with sorted keys, cycles and functions become strings, depth limited), each cut at a
/// byte limit (the chunk's second result sets it). Lua code, so the formatting is the
/// prelude's own and key order is deterministic.
enum LiveValues {
    static var source: String { String(decoding: PackageResources.live_values_lua, as: UTF8.self) }
}
