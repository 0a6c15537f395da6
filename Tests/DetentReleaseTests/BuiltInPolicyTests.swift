import Testing
import DetentRelease

/// SPEC §6: each built-in policy's rule on a few releases over anchors at 59, 426 and 774.
@Suite("Release policies: the built-ins' rules")
struct BuiltInPolicyTests {
    // MARK: nearest

    @Test func nearestTakesTheAnchorNearestTheOriginWhateverTheVelocity() throws {
        #expect(try ReleasePolicy.nearest.select(release(300, -5000)) == 426)
        #expect(try ReleasePolicy.nearest.select(release(200, 5000)) == 59)
        #expect(try ReleasePolicy.nearest.select(release(700, -5000)) == 774)
    }

    // MARK: ultradrawer

    @Test func ultradrawerTakesTheAnchorNearestTheProjection() throws {
        // 430 + 3·99 = 727: nearest 774.
        #expect(try ReleasePolicy.ultradrawer.select(release(430, 3000)) == 774)
        // At rest the projection is the origin.
        #expect(try ReleasePolicy.ultradrawer.select(release(500, 0)) == 426)
    }

    @Test func ultradrawerMovesAtLeastOneAnchorInTheVelocitysDirection() throws {
        // 414 − 0.12·99 = 402.1 is nearest 426, which lies against the upward velocity: the
        // next anchor above 414 wins.
        #expect(try ReleasePolicy.ultradrawer.select(release(414, -120)) == 59)
        // Downwards from just below the top: nearest 59 lies behind, so 426.
        #expect(try ReleasePolicy.ultradrawer.select(release(70, 100)) == 426)
    }

    @Test func ultradrawerProjectsAtTheConfiguredRate() throws {
        var defaults = ReleaseDefaults()
        defaults.decelerationRate = 0.998
        // From the middle anchor: 426 + 0.5·499 = 675.5 is nearest 774; at 0.99, 426 + 0.5·99 =
        // 475.5 is nearest 426 itself.
        #expect(try ReleasePolicy.ultradrawer.select(release(426, 500)) == 426)
        #expect(try ReleasePolicy.ultradrawer.select(release(426, 500, defaults: defaults)) == 774)
    }

    // MARK: floatingpanel

    @Test func floatingpanelStaysWhenTheProjectionDoesNotPassTheRedirectThreshold() throws {
        // Segment 426 → 59; projection 414 − 0.12·499 = 354.1; (426 − 354.1)/367 ≈ 0.2 < 0.5.
        #expect(try ReleasePolicy.floatingpanel.select(release(414, -120)) == 426)
    }

    @Test func floatingpanelMovesWhenTheProjectionPassesTheRedirectThreshold() throws {
        // 414 − 0.6·499 = 114.6: (426 − 114.6)/367 ≈ 0.85 > 0.5.
        #expect(try ReleasePolicy.floatingpanel.select(release(414, -600)) == 59)
        var defaults = ReleaseDefaults()
        defaults.redirectThreshold = 0.9
        #expect(try ReleasePolicy.floatingpanel.select(release(414, -600, defaults: defaults)) == 426)
    }

    @Test func floatingpanelGoesAtMostOneAnchorPastItsSegment() throws {
        // From 430 heading down, a huge flick reaches the bottom, never beyond.
        #expect(try ReleasePolicy.floatingpanel.select(release(430, 20000)) == 774)
        // From just below the top heading down, the segment is 59 → 426; a flick that would
        // project past 774 is trimmed to it and still ends one segment on, at 426.
        #expect(try ReleasePolicy.floatingpanel.select(release(60, 20000)) == 426)
    }

    @Test func floatingpanelAtRestOnAnAnchorStaysThere() throws {
        #expect(try ReleasePolicy.floatingpanel.select(release(426, 0, restingOrigin: 426)) == 426)
    }

    // MARK: decide

    @Test func decideTakesAFiniteAnswer() {
        let decision = ReleasePolicy(name: "fixed") { _ in 300 }.decide(release(500, 0))
        #expect(decision.target == 300)
        #expect(decision.failure == nil)
    }

    @Test func decideFallsBackToTheAnchorNearestTheOriginWhenThePolicyThrows() {
        let decision = ReleasePolicy(name: "refuse") { _ in throw Refused() }.decide(release(500, -3000))
        #expect(decision.target == 426)
        #expect(decision.failure as? Refused == Refused())
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func decideRefusesANonFiniteAnswer(answer: Double) {
        let decision = ReleasePolicy(name: "broken") { _ in answer }.decide(release(700, 0))
        #expect(decision.target == 774)
        #expect(String(describing: decision.failure!) == "the policy answered \(answer), not a finite origin in points")
    }

    @Test func aRenamedPolicyKeepsItsRule() throws {
        let renamed = ReleasePolicy.nearest.renamed("closest")
        #expect(renamed.name == "closest")
        #expect(try renamed.select(release(300, -5000)) == 426)
    }
}
