import DetentMotion

/// What a target-selection policy decides from (SPEC §6): where the finger let go of a
/// drawer or a sheet, how fast it was moving, where the container may rest, and the numbers
/// of `[drawer]` a built-in policy projects and redirects with. Points, y down, pt/s.
public struct ReleaseState: Sendable {
    /// y of the container's top at release, points.
    public var origin: Double
    /// Release velocity from the velocity tracker, pt/s (positive: downwards).
    public var velocity: Double
    /// Where the container may rest, sorted by origin (top of the screen first).
    public var anchors: [ReleaseAnchor]
    /// The origin of the anchor the container last rested at, points.
    public var restingOrigin: Double
    /// Projection rates and the redirect threshold the built-in policies read.
    public var defaults: ReleaseDefaults

    public init(origin: Double, velocity: Double, anchors: [ReleaseAnchor], restingOrigin: Double,
                defaults: ReleaseDefaults = ReleaseDefaults()) {
        self.origin = origin
        self.velocity = velocity
        self.anchors = anchors
        self.restingOrigin = restingOrigin
        self.defaults = defaults
    }

    /// Projected travel of the release at a deceleration `rate` per millisecond (0.99 `fast`,
    /// 0.998 `normal`): (v/1000)·r/(1−r) points, signed as the velocity (SPEC §2, WWDC 2018
    /// "Designing Fluid Interfaces").
    public func travel(rate: Double) -> Double {
        DecelerationRate(perMillisecond: rate).projectedTravel(velocity: velocity)
    }

    /// Where the origin would come to rest if the release decelerated at `rate` per
    /// millisecond: origin + `travel(rate:)`, points.
    public func project(rate: Double) -> Double {
        origin + travel(rate: rate)
    }

    /// The origin of the anchor nearest `y` (the first of two equally near), or `origin` when
    /// there are no anchors, points.
    public func nearestAnchorOrigin(to y: Double) -> Double {
        anchors.min { abs($0.origin - y) < abs($1.origin - y) }?.origin ?? origin
    }
}
