/// Which touch velocity estimator a world uses (chosen per world in config). Both take samples
/// in seconds and points and report points per second.
public enum VelocityTrackingStrategy: String, Sendable, CaseIterable {
    /// Android's least-squares quadratic fit (`LeastSquaresVelocityTracker`); the default.
    case lsq2
    /// Flutter's iOS fling approximation (`IOSVelocityTracker`).
    case ios

    /// The strategy called `name` ("lsq2" or "ios"), or `nil` if there is none.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// The name used in config and scripts.
    public var name: String { rawValue }

    /// Every valid name, in declaration order — for "expected one of: …" messages.
    public static var names: [String] { allCases.map(\.name) }

    /// A fresh, empty tracker for this strategy.
    public func makeTracker() -> any VelocityTracker {
        switch self {
        case .lsq2: return LeastSquaresVelocityTracker()
        case .ios: return IOSVelocityTracker()
        }
    }
}
