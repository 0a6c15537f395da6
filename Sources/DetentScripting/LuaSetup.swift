/// What scenario code gets of Lua (issue 26 §4): the standard library, and where `require`
/// looks.
///
/// - `full` (`detent run` and the local console): every standard library — `io`, `os`,
///   `package`, `debug`, `dofile`, `loadfile`, `load` with every mode — as `lua` and busted
///   give a spec file, its author's own program. `require` follows `package.path` and
///   `package.cpath` as `lua5.4` does: the project's entries first, then `LUA_PATH_5_4`
///   (or `LUA_PATH`, `;;` standing for Lua's default) or Lua's default path, so modules
///   installed with LuaRocks or Debian load, native ones too. What keeps a run
///   deterministic stays: `math.random` is seeded, `os.clock`, `os.time()` and `os.date`
///   read the virtual clock, `wait` runs in virtual time, `print` goes to the test's output.
/// - `sandboxed` (the daemon's default, whose clients' code shares one process): the safe
///   libraries of SPEC §13 — no `io`, `debug`, `package`, file loading or binary chunks; `os`
///   is the virtual clock alone — and `require` searches the project's entries only, for
///   Lua files, with no native modules.
public struct LuaSetup: Equatable, Sendable {
    public enum StandardLibrary: String, Sendable, CaseIterable {
        case full, sandboxed
    }

    public var standardLibrary: StandardLibrary
    /// `package.path` templates (absolute, with `?` for the module name) searched first.
    public var path: [String]
    /// `package.cpath` templates searched first (full only).
    public var cpath: [String]
    /// The folder modules' chunk names are shown relative to (the working folder), as spec
    /// files are: `scripts/lib/helpers.lua:12:`.
    public var displayBase: String

    public init(standardLibrary: StandardLibrary, path: [String], cpath: [String] = [], displayBase: String) {
        self.standardLibrary = standardLibrary
        self.path = path
        self.cpath = cpath
        self.displayBase = displayBase
    }
}
