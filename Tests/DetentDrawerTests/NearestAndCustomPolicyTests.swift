import Testing
@testable import DetentDrawer
import DetentRelease

/// SPEC §6: `nearest` picks the anchor nearest the origin, velocity ignored; a custom policy
/// (Lua or Swift) is given the release and returns the target origin.
@Suite("Drawer policy: nearest and custom")
struct NearestAndCustomPolicyTests {
    @Test func nearestIgnoresTheVelocity() throws {
        #expect(try select(.nearest, origin: 300, velocity: -5000) == 426)
        #expect(try select(.nearest, origin: 300, velocity: 5000) == 426)
        #expect(try select(.nearest, origin: 200, velocity: 5000) == 59)
        #expect(try select(.nearest, origin: 700, velocity: -5000) == 774)
    }

    @Test func customIsGivenTheReleaseAndReturnsItsOrigin() throws {
        final class Seen { var release: ReleaseState? }
        let seen = Seen()
        let policy = ReleasePolicy(name: "halfway") { release in
            seen.release = release
            return 123
        }
        #expect(try select(policy, origin: 456, velocity: -321, restingOrigin: 774) == 123)
        let release = try #require(seen.release)
        #expect(release.origin == 456)
        #expect(release.velocity == -321)
        #expect(release.anchors == phoneAnchors)
        #expect(release.restingOrigin == 774)
    }

    @Test func customErrorsPropagate() {
        struct Refused: Error, Equatable {}
        let policy = ReleasePolicy(name: "refuse") { _ in throw Refused() }
        #expect(throws: Refused()) { try select(policy, origin: 300, velocity: 0) }
    }

    @Test func policiesAreNamed() {
        #expect(ReleasePolicies.builtIn.names == ["ultradrawer", "floatingpanel", "nearest"])
        #expect(ReleasePolicy.ultradrawer.name == "ultradrawer")
        #expect(ReleasePolicy.floatingpanel.name == "floatingpanel")
        #expect(ReleasePolicy.nearest.name == "nearest")
        #expect(ReleasePolicy(name: "snappy") { $0.origin }.name == "snappy")
    }
}
