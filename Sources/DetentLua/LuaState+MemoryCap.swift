import CLuaShim

extension LuaState {
    /// Whether a full collection between jobs would gain room worth its cost, which is a walk
    /// over everything the state holds: the state holds more than half its cap, and more than
    /// half the room its live data left (`memoryCap` − `memoryAfterCollection`) is taken
    /// since. A state whose live data fill most of the cap (a file that declares 100,000
    /// tests) is not collected after every test for nothing; garbage still never takes more
    /// than half the room, so a job starts with at least half of it free.
    public var holdsGarbageWorthCollecting: Bool {
        guard memoryCap > 0, memoryInUse > memoryCap / 2 else { return false }
        let live = min(memoryAfterCollection, memoryCap)
        return memoryInUse - live > (memoryCap - live) / 2
    }

    /// The last job was stopped by the memory cap (until `resetLimits`).
    public var stoppedByMemoryCap: Bool { killReason == DETENT_KILL_MEMORY }

    /// The state's live data, measured by the last full collection, leave less than a
    /// sixteenth of the cap (4 MiB of 64): after a job the cap stopped, the next ones would
    /// be stopped too, each after another full collection.
    public var memoryCapExhausted: Bool {
        memoryCap > 0 && memoryAfterCollection > memoryCap - memoryCap / 16
    }

    /// `64 MiB` (whole mebibytes) or `32 KiB`: a cap as the settings give it.
    public static func describeCap(bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes / 1024) KiB"
    }

    /// Mebibytes with one decimal: `62.4 MiB`.
    public static func describeMiB(bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
