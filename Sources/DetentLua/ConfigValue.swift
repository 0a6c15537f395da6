/// A configuration value as plain data: what a TOML file under `config/` holds, or what a
/// script hands to `detent.world{config = {...}}`. Both are read by the same loaders with the
/// same rules (types, `NumberRule` ranges, known names, unknown keys), so a per-world override
/// is checked exactly as the file it overrides.
public enum ConfigValue: Equatable, Sendable {
    case integer(Int64)
    case number(Double)
    case string(String)
    case boolean(Bool)
    /// Named keys (a TOML table, a Lua table with string keys); read in sorted key order.
    case table([String: ConfigValue])
    /// A list (a TOML array, a Lua sequence).
    case array([ConfigValue])
    /// A value no config key takes (a TOML date, a Lua function), by its type's name in the
    /// source's own words, for the "found …" of an error.
    case other(typeName: String)
}
