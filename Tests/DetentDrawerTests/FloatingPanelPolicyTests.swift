import Testing
@testable import DetentDrawer

/// SPEC §6 `floatingpanel`: the segment of anchors around the current origin, oriented by the
/// velocity (or, at zero velocity, by the side of the resting anchor the drawer is on); a
/// projection at rate 0.998 trimmed to at most one anchor past the segment; then the segment's
/// far end if the projection passes more than the redirect threshold (0.5) of it, else its near end.
/// Anchors 59 / 426 / 774.
@Suite("Drawer policy: floatingpanel")
struct FloatingPanelPolicyTests {
    /// Progress of `projection` along the segment from `from` to `to`.
    static func progress(_ projection: Double, from: Double, to: Double) -> Double {
        abs(projection - from) / abs(from - to)
    }

    @Test func usesTheNormalRateAndAHalfRedirectByDefault() {
        #expect(DrawerDefaults().floatingPanelDecelerationRate == 0.998)
        #expect(DrawerDefaults().redirectThreshold == 0.5)
    }

    @Test func staysWithinTheSegmentAroundTheOrigin() throws {
        // From 300 (segment 59–426, downwards) at 1,000 pt/s: 300 + 499 = 799, nearest the
        // bottom — but the segment's far end is the middle.
        let projection = 300 + projectedTravel(1000, rate: 0.998)
        expectClose(projection, 799)
        #expect(abs(projection - 774) < abs(projection - 426))
        #expect(try select(.floatingpanel, origin: 300, velocity: 1000) == 426)
    }

    @Test func goesAtMostOneAnchorFromAnAnchor() throws {
        // From the bottom at −3,000 pt/s: 774 − 1,497, far above the top; the segment is 774–426.
        expectClose(774 + projectedTravel(-3000, rate: 0.998), -723)
        #expect(try select(.floatingpanel, origin: 774, velocity: -3000, restingOrigin: 774) == 426)
    }

    @Test func trimsTheProjectionDownwardsAtOneAnchorPastTheSegment() throws {
        // From 100 (segment 59→426) at 5,000 pt/s: 100 + 2,495 = 2,595, trimmed to the bottom
        // (774): progress (774 − 59)/(426 − 59) = 715/367 ≈ 1.948. Untrimmed it would be ≈ 6.91.
        let trimmed = Self.progress(774, from: 59, to: 426)
        expectClose(trimmed, 715.0 / 367)
        #expect(Self.progress(100 + projectedTravel(5000, rate: 0.998), from: 59, to: 426) > 6.9)
        // A threshold just above the trimmed progress keeps the near end; just below, the far end.
        var defaults = DrawerDefaults()
        defaults.redirectThreshold = trimmed + 1e-6
        #expect(try select(.floatingpanel, origin: 100, velocity: 5000, defaults: defaults) == 59)
        defaults.redirectThreshold = trimmed - 1e-6
        #expect(try select(.floatingpanel, origin: 100, velocity: 5000, defaults: defaults) == 426)
    }

    @Test func trimsTheProjectionUpwardsAtOneAnchorPastTheSegment() throws {
        // From 700 (segment 774→426) at −5,000 pt/s: trimmed to the top (59):
        // progress (774 − 59)/(774 − 426) = 715/348 ≈ 2.055.
        let trimmed = Self.progress(59, from: 774, to: 426)
        expectClose(trimmed, 715.0 / 348)
        var defaults = DrawerDefaults()
        defaults.redirectThreshold = trimmed + 1e-6
        #expect(try select(.floatingpanel, origin: 700, velocity: -5000, defaults: defaults) == 774)
        defaults.redirectThreshold = trimmed - 1e-6
        #expect(try select(.floatingpanel, origin: 700, velocity: -5000, defaults: defaults) == 426)
    }

    @Test func redirectsToTheFarEndOnlyPastHalfTheSegment() throws {
        // From 500 (segment 426→774): 200 pt/s projects to 599.8 (progress ≈ 0.4994) and stays;
        // 201 pt/s projects to 600.299 (≈ 0.5009) and goes on.
        let slow = 500 + projectedTravel(200, rate: 0.998)
        let fast = 500 + projectedTravel(201, rate: 0.998)
        expectClose(slow, 599.8)
        expectClose(fast, 600.299)
        #expect(Self.progress(slow, from: 426, to: 774) < 0.5)
        #expect(Self.progress(fast, from: 426, to: 774) > 0.5)
        #expect(try select(.floatingpanel, origin: 500, velocity: 200) == 426)
        #expect(try select(.floatingpanel, origin: 500, velocity: 201) == 774)
    }

    @Test func aSlowReleaseAgainstTheSegmentReturnsToItsNearEnd() throws {
        // From 700 moving up at 100 pt/s: segment 774→426, projection 650.1, progress ≈ 0.356:
        // back down to the bottom although the finger moved up.
        let projection = 700 + projectedTravel(-100, rate: 0.998)
        expectClose(projection, 650.1)
        expectClose(Self.progress(projection, from: 774, to: 426), 123.9 / 348)
        #expect(try select(.floatingpanel, origin: 700, velocity: -100) == 774)
    }

    @Test func onAnAnchorTheSegmentExtendsInTheVelocitysDirection() throws {
        // From the middle at ±400 pt/s: ±199.6 pt; progress 199.6/348 downwards, 199.6/367 upwards.
        expectClose(projectedTravel(400, rate: 0.998), 199.6)
        #expect(try select(.floatingpanel, origin: 426, velocity: 400) == 774)
        #expect(try select(.floatingpanel, origin: 426, velocity: -400) == 59)
        // 100 pt/s travels 49.9 pt: progress ≈ 0.14, so it stays.
        #expect(try select(.floatingpanel, origin: 426, velocity: 100) == 426)
    }

    @Test func atZeroVelocityBelowTheRestingAnchorCountsAsForward() throws {
        // 600 is the exact middle of 426–774; progress 0.5 does not pass the threshold, so the
        // answer is the segment's near end — which depends on the direction. Resting at the
        // middle and now below it: forward (downwards), from 426.
        #expect(Self.progress(600, from: 426, to: 774) == 0.5)
        #expect(try select(.floatingpanel, origin: 600, velocity: 0, restingOrigin: 426) == 426)
    }

    @Test func atZeroVelocityAboveTheRestingAnchorCountsAsBackward() throws {
        // Resting at the bottom and now above it: backward (upwards), from 774.
        #expect(try select(.floatingpanel, origin: 600, velocity: 0, restingOrigin: 774) == 774)
    }

    @Test func atZeroVelocityTheDirectionPicksWhichEndIsNear() throws {
        // With a threshold of 0.3, from 550: forward (resting 426) progress 124/348 ≈ 0.36 → 774;
        // backward (resting 774) progress 224/348 ≈ 0.64 → 426.
        var defaults = DrawerDefaults()
        defaults.redirectThreshold = 0.3
        #expect(try select(.floatingpanel, origin: 550, velocity: 0, restingOrigin: 426, defaults: defaults) == 774)
        #expect(try select(.floatingpanel, origin: 550, velocity: 0, restingOrigin: 774, defaults: defaults) == 426)
    }
}
