import Testing
import DetentLayout
import DetentNavigation
import DetentRelease
import DetentWorld
@testable import DetentSheet

/// SPEC §5/§6 release. Below the smallest detent of a dismissible sheet it dismisses when
/// v/height ≥ 5.5 s⁻¹ or height − projectedTravel(v, 0.99) < 0.5·smallest, with the settling
/// spring towards height 0 starting at the release velocity. Otherwise the policy picks a
/// detent by the detents' tops and the sheet settles with the spring (mass 1, stiffness 200,
/// ζ 1) starting at the release velocity.
@Suite("Sheet: release")
struct ReleaseTests {
    /// Drags the grabber of a sheet resting with its top at `top`: down at top + 5, then
    /// `count` samples `step` pt apart one frame apart (constant speed, so the tracker measures
    /// step·60 pt/s exactly), released with the last sample. Steps through the release frame
    /// (leaving in `events` only that frame's) and returns the tracker's velocity from
    /// `touch.ended` (exact to ~1e-5 pt/s: frame times are whole nanoseconds).
    static func fling(_ h: SheetHarness, by step: Double, count: Int) throws -> Double {
        let y = h.sheet.top + 5
        let (_, lift) = try h.schedule(y: y, through: path(from: y, by: step, count: count))
        h.step(Int(lift) - 1)
        h.clearEvents()
        h.step()
        return try #require(number(h.events("touch.ended").first, "vy"))
    }

    // MARK: Dismissing (content 300: smallest detent 390, top 462)

    @Test func theProjectionPastHalfTheSmallestDetentDismisses() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        let v = try Self.fling(h, by: 10, count: 14)
        expectClose(v, 600, tolerance: 1e-3)
        #expect(h.sheet.height == 250)
        // 250 − 0.6·99 = 190.6 < 195, while v/h = 2.4 < 5.5.
        #expect(250 - projectedTravel(v, rate: 0.99) < 0.5 * 390)
        #expect(v / 250 < 5.5)
        #expect(h.sheet.state == .dismissing)
        #expect(h.names() == ["sheet.drag_ended", "sheet.will_dismiss", "sheet.state_changed"], "on the release frame")
        #expect(boolean(h.events("sheet.drag_ended").first, "dismiss") == true)
        #expect(string(h.events("sheet.will_dismiss").first, "reason") == "drag")
    }

    /// A finger moving up never dismisses: 288 pt down, then 10 frames back up at 300 pt/s
    /// leave the sheet 152 tall, where the projected height 152 + 0.3·99 = 181.7 is under half
    /// the detent (195) — the projection rule alone would dismiss a sheet the finger flicked up.
    @Test func aReleaseMovingUpNeverDismisses() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        let y = h.sheet.top + 5
        let down = path(from: y, by: 12, count: 24)
        let up = path(from: down.last!, by: -5, count: 10)
        let (_, lift) = try h.schedule(y: y, through: down + up)
        h.step(Int(lift))
        #expect(h.sheet.height == 390 - 288 + 50)
        expectClose(h.sheet.releaseVelocity, -300, tolerance: 1e-3)
        #expect(152 - projectedTravel(h.sheet.releaseVelocity, rate: 0.99) < 0.5 * 390)
        #expect(h.sheet.state == .settling(detent: "content"))
        h.stepUntilIdle()
        #expect(h.sheet.height == 390)
    }

    @Test func aSlowerReleaseAtTheSameHeightSpringsBack() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        let v = try Self.fling(h, by: 7, count: 20)
        expectClose(v, 420, tolerance: 1e-3)
        #expect(h.sheet.height == 250)
        // 250 − 0.42·99 = 208.4 ≥ 195.
        #expect(250 - projectedTravel(v, rate: 0.99) >= 0.5 * 390)
        #expect(h.sheet.state == .settling(detent: "content"))
        #expect(boolean(h.events("sheet.drag_ended").first, "dismiss") == false)
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "content"))
        #expect(h.sheet.height == 390)
    }

    /// With the projection rule turned off (fraction 0 leaves only "projected below 0"), the
    /// normalised velocity decides between 5.5 and 1/0.099 ≈ 10.1 s⁻¹.
    @Test(arguments: [(25.0, 6, true), (20, 8, false)])
    func theNormalisedVelocityThresholdIsFiveAndAHalfPerSecond(step: Double, count: Int, dismisses: Bool) throws {
        var defaults = SheetDefaults()
        defaults.dismissProjectedFraction = 0
        let h = try SheetHarness(contentHeights: [300], defaults: defaults).presented()
        let v = try Self.fling(h, by: step, count: count)
        let height = h.sheet.height
        #expect(height - projectedTravel(v, rate: 0.99) > 0, "the projection alone would not dismiss")
        #expect((v / height >= 5.5) == dismisses)
        #expect((h.sheet.state == .dismissing) == dismisses)
    }

    @Test func dismissingFollowsTheSettlingSpringTowardsZeroFromTheReleaseVelocity() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        let v = try Self.fling(h, by: 10, count: 14)
        #expect(h.sheet.state == .dismissing)
        expectClose(h.sheet.velocity, v, tolerance: 1e-9)
        // The spring runs on the top: x0 = 602 − 852 = −250 from its target (the screen edge).
        for frame in 1...5 {
            h.step()
            let x = SettlingSpring.displacement(x0: -250, v0: v, t: Double(frame) * frameSeconds)
            expectClose(h.sheet.height, -x, tolerance: 1e-3)
        }
        h.clearEvents()
        h.stepUntilIdle()
        #expect(h.sheet.state == .hidden)
        #expect(h.sheet.height == 0)
        #expect(h.sheet.dimmingAlpha == 0)
        #expect(h.names() == ["sheet.state_changed", "sheet.did_dismiss"])
    }

    @Test func aNonDismissibleSheetNeverDismissesOnRelease() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.isDismissible = false
        _ = try Self.fling(h, by: 40, count: 10)
        #expect(h.sheet.state == .settling(detent: "content"))
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "content"))
        #expect(h.sheet.height == 390)
    }

    @Test func aFlingAboveTheSmallestDetentNeverDismisses() throws {
        // Two detents; released between them moving down fast: the policy decides, not the
        // dismiss rule (the sheet is not below its smallest detent).
        let h = try SheetHarness(contentHeights: [300]).withDetents([("content", .content), ("large", .large)]).presented(detent: "large")
        _ = try Self.fling(h, by: 30, count: 5)
        #expect(h.sheet.height > 390)
        #expect(h.sheet.state == .settling(detent: "content"))
    }

    // MARK: Policies over the detents' tops
    //
    // Detents small (content 150 → 240, top 612), medium (top 426), large (top 59); resting
    // at medium, a slow upward flick of 12 pt at 120 pt/s releases at top 414.

    static func policyHarness(_ policy: ReleasePolicy) throws -> SheetHarness {
        let h = try SheetHarness(contentHeights: [150])
            .withDetents([("small", .content), ("medium", .medium), ("large", .large)]).presented(detent: "medium")
        h.sheet.policy = policy
        return h
    }

    @Test func ultradrawerTakesTheNextDetentInTheVelocitysDirection() throws {
        let h = try Self.policyHarness(.ultradrawer)
        let v = try Self.fling(h, by: -2, count: 6)
        expectClose(v, -120, tolerance: 1e-3)
        #expect(h.sheet.top == 414)
        // Projection 414 − 0.12·99 = 402.1 is nearest medium (426), which lies against the
        // velocity, so the next top above 414 wins: large.
        let projection = 414 + projectedTravel(v, rate: 0.99)
        #expect(abs(projection - 426) < abs(projection - 59))
        #expect(h.sheet.state == .settling(detent: "large"))
        #expect(string(h.events("sheet.drag_ended").first, "detent") == "large")
        #expect(string(h.events("sheet.drag_ended").first, "policy") == "ultradrawer")
    }

    @Test func floatingpanelStaysWhenTheProjectionDoesNotPassHalfTheSegment() throws {
        let h = try Self.policyHarness(.floatingpanel)
        let v = try Self.fling(h, by: -2, count: 6)
        // Projection at 0.998: 414 − 0.12·499 = 354.1, (426 − 354.1)/(426 − 59) ≈ 0.2 < 0.5.
        let projection = 414 + projectedTravel(v, rate: 0.998)
        #expect((426 - projection) / (426 - 59) < 0.5)
        #expect(h.sheet.state == .settling(detent: "medium"))
        #expect(string(h.events("sheet.drag_ended").first, "policy") == "floatingpanel")
    }

    @Test func nearestIgnoresTheVelocity() throws {
        let h = try Self.policyHarness(.nearest)
        _ = try Self.fling(h, by: -2, count: 6)
        #expect(h.sheet.state == .settling(detent: "medium"))
    }

    @Test func aCustomPolicyAnswerBetweenDetentsGoesToTheNearestDetent() throws {
        var seen: ReleaseState?
        let h = try Self.policyHarness(ReleasePolicy(name: "mine") { release in seen = release; return 600 })
        let v = try Self.fling(h, by: -2, count: 6)
        let release = try #require(seen)
        #expect(release.origin == 414)
        #expect(release.velocity == v)
        #expect(release.anchors.map(\.origin) == [59, 426, 612], "the detents' tops, sorted")
        #expect(release.anchors.map(\.name) == ["large", "medium", "small"])
        #expect(release.restingOrigin == 426)
        #expect(h.sheet.state == .settling(detent: "small"))
        #expect(string(h.events("sheet.drag_ended").first, "policy") == "mine")
    }

    @Test func aFailingCustomPolicyIsReportedAndTheSheetSettlesAtTheNearestDetent() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        let h = try Self.policyHarness(ReleasePolicy(name: "refuse") { _ in throw Refused() })
        _ = try Self.fling(h, by: -2, count: 6)
        #expect(h.names() == ["sheet.policy_failed", "sheet.drag_ended", "sheet.state_changed"])
        #expect(string(h.events("sheet.policy_failed").first, "error") == "refused")
        #expect(h.sheet.policyErrors.count == 1)
        #expect(h.sheet.state == .settling(detent: "medium"))
    }

    @Test(arguments: [Double.nan, .infinity])
    func aCustomPolicyAnsweringANonFiniteTopIsAFailure(answer: Double) throws {
        // Like an error: reported, and the sheet goes to the detent nearest where it is
        // (medium), not silently to whichever detent comes first.
        let h = try Self.policyHarness(ReleasePolicy(name: "broken") { _ in answer })
        _ = try Self.fling(h, by: -2, count: 6)
        #expect(h.names().first == "sheet.policy_failed")
        #expect(h.sheet.state == .settling(detent: "medium"))
    }

    // MARK: Settling

    @Test func theSettlingSpringStartsWithTheReleaseVelocity() throws {
        let h = try Self.policyHarness(.ultradrawer)
        let v = try Self.fling(h, by: -2, count: 6)
        #expect(h.sheet.releaseVelocity == v)
        expectClose(h.sheet.velocity, v, tolerance: 1e-9)
        expectClose(number(h.events("sheet.drag_ended").first, "velocity"), v, tolerance: 1e-12)
        // The first settling frame against the analytic spring: x0 = 414 − 59 = 355.
        h.step()
        let expected = SettlingSpring.velocity(x0: 355, v0: v, t: frameSeconds)
        #expect(abs(h.sheet.velocity - expected) <= 0.02 * abs(expected), "\(h.sheet.velocity) vs \(expected)")
        expectClose(h.sheet.top, 59 + SettlingSpring.displacement(x0: 355, v0: v, t: frameSeconds), tolerance: 1e-3)
    }

    @Test func aFastReleaseCarriesItsMomentumInPointsPerSecond() throws {
        // 1,200 pt/s down from large towards medium (content 300 + medium + large).
        let h = try SheetHarness(contentHeights: [300]).withDetents([("content", .content), ("medium", .medium), ("large", .large)]).presented(detent: "large")
        let v = try Self.fling(h, by: 20, count: 4)
        expectClose(v, 1200, tolerance: 1e-3)
        let top = h.sheet.top
        let target = try #require(h.sheet.state.detent.flatMap { h.sheet.detentHeight($0) })
        h.step()
        let expected = SettlingSpring.velocity(x0: top - (852 - target), v0: v, t: frameSeconds)
        #expect(abs(h.sheet.velocity - expected) <= 0.02 * abs(expected), "\(h.sheet.velocity) vs \(expected)")
    }

    @Test func itComesToRestExactlyOnTheDetentAndSaysSo() throws {
        let h = try Self.policyHarness(.ultradrawer)
        _ = try Self.fling(h, by: -2, count: 6)
        h.clearEvents()
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "large"))
        #expect(h.sheet.height == 793)
        #expect(h.sheet.velocity == 0)
        #expect(h.names() == ["sheet.state_changed", "sheet.settled"])
        #expect(string(h.events("sheet.settled").first, "detent") == "large")
        #expect(number(h.events("sheet.settled").first, "height") == 793)
    }
}
