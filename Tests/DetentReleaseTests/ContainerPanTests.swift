import Testing
import DetentMotion
import DetentRelease

/// SPEC §6 header pan: origin = start + translation within the limits, rubber-banded past them
/// (c = 0.55; d = |lower| above, screen height − upper below) if the container bounces, else
/// clamped.
@Suite("Container pan and rubber band")
struct ContainerPanTests {
    let range = RubberBandedRange.headerPan(limits: 59...774, screenHeight: 852, bounces: true, coefficient: 0.55)

    @Test func theHeaderPansDistancesAreTheSpecs() {
        #expect(range.dimensionPastLower == 59)
        #expect(range.dimensionPastUpper == 78)
        #expect(range.coefficient == 0.55)
        let still = RubberBandedRange.headerPan(limits: 59...774, screenHeight: 852, bounces: false, coefficient: 0.55)
        #expect(still.dimensionPastLower == 0)
        #expect(still.dimensionPastUpper == 0)
    }

    @Test func withinTheLimitsTheOriginFollowsTheFinger() {
        var pan = ContainerPan()
        pan.begin(nil, at: 426, in: range)
        #expect(pan.origin(translation: -100, in: range) == 326)
        #expect(pan.origin(translation: 300, in: range) == 726)
    }

    @Test func pastTheLimitsTheOriginRubberBands() {
        var pan = ContainerPan()
        pan.begin(nil, at: 100, in: range)
        // 100 pt past the top limit: b(100) = (1 − 1/(100·0.55/59 + 1))·59.
        let expected = 59 - (1 - 1 / (100 * 0.55 / 59 + 1)) * 59
        #expect(abs(pan.origin(translation: -141, in: range) - expected) < 1e-9)
        let still = RubberBandedRange.headerPan(limits: 59...774, screenHeight: 852, bounces: false, coefficient: 0.55)
        #expect(pan.origin(translation: -141, in: still) == 59)
    }

    @Test func aPanThatCatchesTheContainerBeyondALimitStartsWhereItIsShown() {
        var pan = ContainerPan()
        pan.begin(nil, at: 40, in: range)
        #expect(abs(pan.origin(translation: 0, in: range) - 40) < 1e-9)
    }

    @Test func aResumedPanGoesOnFromTheNewOriginWithTheFingersTranslation() {
        var pan = ContainerPan()
        pan.begin(nil, at: 426, in: range)
        pan.resume(at: 500, translation: 30, in: range)
        #expect(pan.origin(translation: 30, in: range) == 500)
        #expect(pan.origin(translation: 40, in: range) == 510)
    }

    @Test func theContentFingerReportsEachMovement() {
        var pan = ContainerPan()
        pan.beginContent(nil, at: 600)
        #expect(pan.contentMoved(to: 590) == -10)
        #expect(pan.contentMoved(to: 604) == 14)
        #expect(pan.lastContentY == 604)
    }
}
