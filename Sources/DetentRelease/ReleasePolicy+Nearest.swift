extension ReleasePolicy {
    /// `nearest` (SPEC §6): the anchor nearest the release origin, velocity ignored.
    public static var nearest: ReleasePolicy {
        ReleasePolicy(name: "nearest") { state in
            state.nearestAnchorOrigin(to: state.origin)
        }
    }
}
