/// The headless display link: produces the sequence of ticks for a refresh rate, with
/// dropped-frame injection and idle fast-forward (SPEC §1). A plain value: it reads no clock;
/// whoever owns it decides when the next tick happens.
///
/// Frame times sit on an exact grid: grid index g is shown at g·10⁹/gridHz ns (integer
/// division), so 60 Hz never drifts however long a run lasts. Times that scripts compute in
/// seconds can miss that grid by a few ns; `VirtualTime.isDue` absorbs it.
public struct DisplayLink: Sendable {
    public private(set) var rate: RefreshRate
    /// The grid index of the last frame shown (its time is `timestamp`).
    public private(set) var gridIndex: Int64 = 0
    /// Ticks delivered, including ticks skipped by fast-forward.
    public private(set) var frame: Int64 = 0
    private var pendingDrops = 0
    private var jank: JankPattern?

    public init(rate: RefreshRate) {
        self.rate = rate
    }

    /// Time of grid index g, in ns.
    public func time(ofGridIndex g: Int64) -> Nanoseconds {
        // g·10⁹ overflows Int64 only after ~292 years of virtual time at 1 Hz; fine.
        g * VirtualTime.nanosecondsPerSecond / Int64(rate.gridHz)
    }

    /// The largest grid index shown at or before `time`.
    public func gridIndex(atOrBefore time: Nanoseconds) -> Int64 {
        var g = time * Int64(rate.gridHz) / VirtualTime.nanosecondsPerSecond
        while self.time(ofGridIndex: g + 1) <= time { g += 1 }
        while g > 0 && self.time(ofGridIndex: g) > time { g -= 1 }
        return g
    }

    /// The smallest grid index shown at or after `time`.
    public func gridIndex(atOrAfter time: Nanoseconds) -> Int64 {
        let g = gridIndex(atOrBefore: time)
        return self.time(ofGridIndex: g) < time ? g + 1 : g
    }

    /// Whole frames (at the animating pace) that were due between the last prepared frame and
    /// `time` and were not delivered: what a late display-link callback drops.
    public func framesBehind(at time: Nanoseconds) -> Int64 {
        max(0, (gridIndex(atOrBefore: time) - gridIndex) / rate.periodsPerFrame(animating: true))
    }

    /// When the last frame was shown.
    public var timestamp: Nanoseconds { time(ofGridIndex: gridIndex) }

    /// The nominal interval of one grid period, in ns (rounded down).
    public var gridPeriod: Nanoseconds { VirtualTime.nanosecondsPerSecond / Int64(rate.gridHz) }

    /// Changes the rate from the next tick on, keeping the current time on the new grid
    /// (the next frame is the first grid point of the new rate after `timestamp`).
    public mutating func setRate(_ newRate: RefreshRate) {
        guard newRate != rate else { return }
        let now = timestamp
        rate = newRate
        gridIndex = gridIndex(atOrAfter: now)
    }

    /// Drops the next `count` frames: the next tick's timestamp jumps by (count + 1) periods.
    public mutating func dropFrames(_ count: Int) {
        precondition(count >= 0, "dropFrames needs a count >= 0")
        pendingDrops += count
    }

    /// Whether dropped frames are pending or a jank pattern is set: frames then cannot be
    /// skipped wholesale, because each one may change the timeline.
    public var hasJank: Bool { jank != nil || pendingDrops > 0 }

    /// Repeats a drop pattern until cleared (nil).
    public mutating func setJank(_ pattern: JankPattern?) {
        jank = pattern
    }

    /// Produces the next tick. `animating` picks the interval on variable-rate displays.
    public mutating func nextTick(animating: Bool) -> Tick {
        let periods = rate.periodsPerFrame(animating: animating)
        var dropped = pendingDrops
        pendingDrops = 0
        if let jank, jank.every > 0, (frame + 1) % Int64(jank.every) == 0 { dropped += jank.drop }
        gridIndex += periods * Int64(dropped)
        frame += 1
        let tick = Tick(
            frame: frame,
            timestamp: time(ofGridIndex: gridIndex),
            targetTimestamp: time(ofGridIndex: gridIndex + periods),
            duration: time(ofGridIndex: gridIndex + periods) - time(ofGridIndex: gridIndex),
            droppedFrames: dropped
        )
        gridIndex += periods
        return tick
    }

    /// The target time of the `count`-th idle frame from now (for fast-forwarding to a frame count).
    public func timeAfterIdleFrames(_ count: Int64) -> Nanoseconds {
        time(ofGridIndex: gridIndex + max(0, count) * rate.periodsPerFrame(animating: false))
    }

    /// Idle fast-forward: skips whole idle frames so that the next tick's target is the first
    /// frame at or after `deadline`. The skipped frames are counted in `frame`. Returns how
    /// many frames were skipped.
    @discardableResult
    public mutating func fastForward(toward deadline: Nanoseconds) -> Int64 {
        let periods = rate.periodsPerFrame(animating: false)
        // Frames k = 1, 2, ...: the k-th next tick targets grid index gridIndex + k·periods.
        // Skip the frames whose target is still before the deadline, keeping the last one to deliver.
        let targetIndex = gridIndex(atOrAfter: deadline - VirtualTime.dueTolerance)
        let framesUntil = (targetIndex - gridIndex + periods - 1) / periods   // ticks needed to reach the deadline
        let skip = max(0, framesUntil - 1 - Int64(pendingDrops))
        guard skip > 0 else { return 0 }
        gridIndex += skip * periods
        frame += skip
        return skip
    }
}

/// A repeating drop pattern: on every `every`-th frame, `drop` frames are dropped first.
public struct JankPattern: Equatable, Sendable {
    public var every: Int
    public var drop: Int
    public init(every: Int, drop: Int) {
        self.every = every
        self.drop = drop
    }
}
