extension ReleasePolicy {
    /// `floatingpanel` (SPEC §6, FloatingPanel): the segment between the anchors around the
    /// release origin, oriented by the velocity (at rest: away from the anchor last rested
    /// at); a projection at `floatingPanelDecelerationRate` (0.998, `normal`) trimmed to at
    /// most one anchor past the segment; the segment's far end if the projection passes
    /// `redirectThreshold` (0.5) of it, else its near end.
    public static var floatingpanel: ReleasePolicy {
        ReleasePolicy(name: "floatingpanel") { state in
            let anchors = state.anchors.map(\.origin)
            guard let first = anchors.first, let last = anchors.last else { return state.origin }
            let origin = state.origin, velocity = state.velocity
            let forward = velocity == 0 ? origin - state.restingOrigin > 0 : velocity > 0
            var lower = anchors.last { $0 <= origin } ?? first
            var upper = anchors.first { $0 >= origin } ?? last
            if lower == upper {
                if forward { upper = anchors.first { $0 > lower } ?? upper } else { lower = anchors.last { $0 < upper } ?? lower }
            }
            let (from, to) = forward ? (lower, upper) : (upper, lower)
            guard from != to else { return from }
            var projection = state.project(rate: state.defaults.floatingPanelDecelerationRate)
            // At most one anchor past the current segment.
            if forward {
                let beyond = anchors.first { $0 > to } ?? to
                projection = max(min(projection, beyond), from)
            } else {
                let beyond = anchors.last { $0 < to } ?? to
                projection = max(min(projection, from), beyond)
            }
            let progress = abs(projection - from) / abs(from - to)
            return progress > state.defaults.redirectThreshold ? to : from
        }
    }
}
