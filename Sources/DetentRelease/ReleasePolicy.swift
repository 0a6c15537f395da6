/// How a released drawer or sheet picks where to settle (SPEC §6): a name and a rule from
/// the release to a target origin (points, y down). The built-ins (`ultradrawer`,
/// `floatingpanel`, `nearest`) are ordinary values of this type, registered in
/// `ReleasePolicies` exactly as a plugin's policy is.
///
/// A rule may answer any origin (a custom policy may stop between anchors); it may throw
/// (a Lua policy's error). The engines call `decide`, which turns an error or a non-finite
/// answer into a fallback.
public struct ReleasePolicy {
    /// The name scripts give and events report (`policy` in `drawer.ended`, `sheet.drag_ended`).
    public let name: String
    /// The target origin for a release, points.
    public let select: (ReleaseState) throws -> Double

    public init(name: String, select: @escaping (ReleaseState) throws -> Double) {
        self.name = name
        self.select = select
    }

    /// The same rule under another name.
    public func renamed(_ newName: String) -> ReleasePolicy {
        ReleasePolicy(name: newName, select: select)
    }
}

/// A policy's decision as an engine applies it.
public struct ReleaseDecision {
    /// Where to settle, points: the policy's answer, or the fallback after a failure.
    public var target: Double
    /// Why the policy's answer was not taken (its error, or a non-finite answer); nil when it was.
    public var failure: Error?
}

extension ReleasePolicy {
    /// The policy's target for `state`, or — when the rule throws or answers a non-finite
    /// origin — the anchor nearest the release origin with the failure, so that a broken
    /// policy never leaves the container without a target.
    public func decide(_ state: ReleaseState) -> ReleaseDecision {
        do {
            let target = try select(state)
            guard target.isFinite else { throw ReleasePolicyError.nonFiniteAnswer(policy: name, value: target) }
            return ReleaseDecision(target: target, failure: nil)
        } catch {
            return ReleaseDecision(target: state.nearestAnchorOrigin(to: state.origin), failure: error)
        }
    }
}
