extension ReleasePolicy {
    /// `ultradrawer`, the default (SPEC §6, UltraDrawerView): the anchor nearest the
    /// projection at `decelerationRate` (0.99, `fast`); if that anchor lies against the
    /// velocity — (anchor − origin)·velocity < 0 — the next anchor in the velocity's direction
    /// instead, so that any real flick moves at least one anchor.
    public static var ultradrawer: ReleasePolicy {
        ReleasePolicy(name: "ultradrawer") { state in
            let origin = state.origin, velocity = state.velocity
            let target = state.nearestAnchorOrigin(to: state.project(rate: state.defaults.decelerationRate))
            guard (target - origin) * velocity < 0 else { return target }
            let anchors = state.anchors.map(\.origin)
            let ahead = velocity > 0 ? anchors.first { $0 > origin } : anchors.last { $0 < origin }
            return ahead ?? target
        }
    }
}
