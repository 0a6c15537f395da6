import DetentRelease

/// Numbers of the drawer engine (SPEC §6), loaded from `[drawer]` in `config/engine.toml`,
/// which names the source of each: the release numbers the sheet shares (projection rates,
/// redirect threshold, settling spring, rubber band, content deceleration) and the drawer's
/// named anchors and default header. One type, so that a sheet releases with exactly the
/// numbers a drawer does (`SheetDefaults.release`).
public typealias DrawerDefaults = ReleaseDefaults
