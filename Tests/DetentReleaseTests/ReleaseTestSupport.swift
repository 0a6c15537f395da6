import DetentRelease

/// Anchors of the named states on a 393×852 phone (safe top 59), sorted by origin.
let phoneAnchors = [ReleaseAnchor(name: "top", origin: 59), ReleaseAnchor(name: "middle", origin: 426),
                    ReleaseAnchor(name: "bottom", origin: 774)]

/// A release at `origin` moving at `velocity` pt/s, last rested at `restingOrigin`.
func release(_ origin: Double, _ velocity: Double, restingOrigin: Double = 426,
             defaults: ReleaseDefaults = ReleaseDefaults()) -> ReleaseState {
    ReleaseState(origin: origin, velocity: velocity, anchors: phoneAnchors, restingOrigin: restingOrigin, defaults: defaults)
}

struct Refused: Error, Equatable, CustomStringConvertible {
    var description: String { "refused" }
}
