extension ReleasePolicy {
    /// `nearest` (SPEC §6): the anchor nearest the release origin, velocity ignored.
    public static let nearest = ReleasePolicy(name: "nearest") { state in
        state.nearestAnchorOrigin(to: state.origin)
    }
}
