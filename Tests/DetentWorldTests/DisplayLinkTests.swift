import Testing
import DetentTime

@Suite("The headless display link (SPEC §1)")
struct DisplayLinkTests {
    @Test func sixtyHertzTicksCarryTimestampTargetAndDuration() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        let first = link.nextTick(animating: true)
        #expect(first == Tick(frame: 1, timestamp: 0, targetTimestamp: 16_666_666, duration: 16_666_666))
        let second = link.nextTick(animating: true)
        #expect(second.timestamp == 16_666_666)
        #expect(second.targetTimestamp == 33_333_333)
        #expect(second.frame == 2)
    }

    @Test func theGridNeverDrifts() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        var last = Tick(frame: 0, timestamp: 0, targetTimestamp: 0, duration: 0)
        for _ in 0..<3600 { last = link.nextTick(animating: true) }
        // 3600 frames at 60 Hz are exactly 60 s.
        #expect(last.targetTimestamp == 60 * VirtualTime.nanosecondsPerSecond)
    }

    @Test func oneHundredTwentyHertz() {
        var link = DisplayLink(rate: .fixed(hz: 120))
        let tick = link.nextTick(animating: true)
        #expect(tick.duration == 8_333_333)
        for _ in 0..<119 { _ = link.nextTick(animating: true) }
        #expect(link.timestamp == VirtualTime.nanosecondsPerSecond)
    }

    @Test func droppedFramesShowAsAWholeMultipleOfTheDuration() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        let a = link.nextTick(animating: true)
        link.dropFrames(2)
        let b = link.nextTick(animating: true)
        #expect(b.droppedFrames == 2)
        #expect(b.frame == a.frame + 1)
        // timestamp gap = (2 + 1) periods: exactly 3/60 s on the grid.
        #expect(b.timestamp - a.timestamp == 50_000_000)
        #expect(b.targetTimestamp == link.time(ofGridIndex: 4))
    }

    @Test func jankPatternDropsOnEveryNthFrame() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        link.setJank(JankPattern(every: 3, drop: 1))
        let drops = (1...9).map { _ in link.nextTick(animating: true).droppedFrames }
        #expect(drops == [0, 0, 1, 0, 0, 1, 0, 0, 1])
    }

    @Test func variableRateRunsAtMaximumWhileAnimatingAndMinimumWhenIdle() {
        var link = DisplayLink(rate: .variable(minimumHz: 10, maximumHz: 120))
        let busy = link.nextTick(animating: true)
        #expect(busy.duration == 8_333_333)
        let idle = link.nextTick(animating: false)
        // 10 Hz on a 120 Hz grid: 12 grid periods, exactly 0.1 s.
        #expect(idle.duration == 100_000_000)
        #expect(idle.timestamp == busy.targetTimestamp)
    }

    @Test func variableRateOnAniPadRangeRoundsToWholeGridPeriods() {
        // 24 Hz on a 120 Hz grid is exactly 5 periods.
        #expect(RefreshRate.variable(minimumHz: 24, maximumHz: 120).periodsPerFrame(animating: false) == 5)
        #expect(RefreshRate.variable(minimumHz: 24, maximumHz: 120).periodsPerFrame(animating: true) == 1)
    }

    @Test func fastForwardSkipsToTheFrameJustBeforeTheDeadlineAndCountsFrames() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        let skipped = link.fastForward(toward: 60 * VirtualTime.nanosecondsPerSecond)
        #expect(skipped == 3599)
        #expect(link.frame == 3599)
        let tick = link.nextTick(animating: false)
        #expect(tick.frame == 3600)
        #expect(tick.targetTimestamp == 60 * VirtualTime.nanosecondsPerSecond)
    }

    @Test func fastForwardToADeadlineBetweenFramesLandsOnTheNextFrame() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        link.fastForward(toward: 101_000_000)       // 1 ms after the frame at 0.1 s
        let tick = link.nextTick(animating: false)
        #expect(tick.targetTimestamp == link.time(ofGridIndex: 7))
        #expect(tick.targetTimestamp - tick.duration < 101_000_000)
    }

    @Test func aDeadlineWithinTheDueToleranceOfAFrameBelongsToIt() {
        // Script seconds miss the nanosecond grid by a few ns; within 1 µs is still the frame.
        var link = DisplayLink(rate: .fixed(hz: 60))
        link.fastForward(toward: 100_000_000 + VirtualTime.dueTolerance)
        #expect(link.nextTick(animating: false).targetTimestamp == 100_000_000)
        #expect(VirtualTime.isDue(100_000_000 + VirtualTime.dueTolerance, by: 100_000_000))
        #expect(!VirtualTime.isDue(100_000_000 + VirtualTime.dueTolerance + 1, by: 100_000_000))
    }

    @Test func fastForwardToTheCurrentTimeSkipsNothing() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        _ = link.nextTick(animating: true)
        #expect(link.fastForward(toward: link.timestamp) == 0)
    }

    @Test func changingTheRateKeepsTimeOnTheNewGrid() {
        var link = DisplayLink(rate: .fixed(hz: 60))
        for _ in 0..<3 { _ = link.nextTick(animating: true) }   // t = 0.05 s
        link.setRate(.fixed(hz: 120))
        #expect(link.timestamp == 50_000_000)
        #expect(link.nextTick(animating: true).duration == 8_333_333)
    }
}
