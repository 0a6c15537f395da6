import DetentMotion

/// How a released drawer picks its anchor (SPEC §6). Anchors are sorted by origin.
public enum DrawerPolicy {
    /// UltraDrawerView: the anchor nearest the projection (rate 0.99); if it lies against the
    /// velocity, the next anchor in the velocity's direction instead, so any real flick moves.
    case ultradrawer
    /// FloatingPanel: the segment around the current position, a projection at 0.998 trimmed to
    /// at most one anchor past it, then the segment's far end if the projection passes the
    /// redirect threshold of it, else its near end.
    case floatingpanel
    /// The anchor nearest the current origin, velocity ignored.
    case nearest
    /// A policy written in Lua (or Swift): given the release, returns the target origin.
    case custom(name: String, select: (DrawerRelease) throws -> Double)

    public var name: String {
        switch self {
        case .ultradrawer: return "ultradrawer"
        case .floatingpanel: return "floatingpanel"
        case .nearest: return "nearest"
        case let .custom(name, _): return name
        }
    }

    public static let builtInNames = ["ultradrawer", "floatingpanel", "nearest"]
}

/// What a policy decides from.
public struct DrawerRelease: Sendable {
    /// Where the drawer's top is, points.
    public var origin: Double
    /// Release velocity from the tracker, pt/s (positive: downwards).
    public var velocity: Double
    /// Anchors sorted by origin.
    public var anchors: [DrawerAnchor]
    /// The origin of the anchor the drawer last rested at.
    public var restingOrigin: Double

    public init(origin: Double, velocity: Double, anchors: [DrawerAnchor], restingOrigin: Double) {
        self.origin = origin
        self.velocity = velocity
        self.anchors = anchors
        self.restingOrigin = restingOrigin
    }
}

extension DrawerPolicy {
    /// The target origin for a release (the sheet uses the same policies for its detents).
    public func select(_ release: DrawerRelease, defaults: DrawerDefaults) throws -> Double {
        let anchors = release.anchors.map(\.origin)
        guard let first = anchors.first else { return release.origin }
        let origin = release.origin, velocity = release.velocity
        func nearest(to y: Double) -> Double {
            anchors.min { abs($0 - y) < abs($1 - y) } ?? first
        }
        switch self {
        case .nearest:
            return nearest(to: origin)
        case .ultradrawer:
            let projection = origin + DecelerationRate(perMillisecond: defaults.decelerationRate).projectedTravel(velocity: velocity)
            let target = nearest(to: projection)
            if (target - origin) * velocity < 0 {
                // Against the velocity: take the next anchor in the velocity's direction.
                let ahead = velocity > 0 ? anchors.first { $0 > origin } : anchors.last { $0 < origin }
                return ahead ?? target
            }
            return target
        case .floatingpanel:
            let forward = velocity == 0 ? origin - release.restingOrigin > 0 : velocity > 0
            var lower = anchors.last { $0 <= origin } ?? first
            var upper = anchors.first { $0 >= origin } ?? anchors.last!
            if lower == upper {
                if forward { upper = anchors.first { $0 > lower } ?? upper } else { lower = anchors.last { $0 < upper } ?? lower }
            }
            let (from, to) = forward ? (lower, upper) : (upper, lower)
            guard from != to else { return from }
            var projection = origin + DecelerationRate(perMillisecond: defaults.floatingPanelDecelerationRate).projectedTravel(velocity: velocity)
            // At most one anchor past the current segment.
            if forward {
                let beyond = anchors.first { $0 > to } ?? to
                projection = max(min(projection, beyond), from)
            } else {
                let beyond = anchors.last { $0 < to } ?? to
                projection = max(min(projection, from), beyond)
            }
            let progress = abs(projection - from) / abs(from - to)
            return progress > defaults.redirectThreshold ? to : from
        case let .custom(_, select):
            return try select(release)
        }
    }
}
