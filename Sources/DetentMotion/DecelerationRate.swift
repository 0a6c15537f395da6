/// A UIScrollView-style deceleration rate: the fraction of its velocity a coasting scroll
/// keeps after each millisecond (unitless, per millisecond).
///
/// Used to project where a release will come to rest. Apple documents only the names
/// `UIScrollView.DecelerationRate.normal` and `.fast`; the values 0.998 and 0.99 come from
/// third-party documentation (for example Ilya Lobanov, "Deceleration mechanics of
/// UIScrollView", 2019).
public struct DecelerationRate: Sendable, Equatable {
    /// Velocity kept per millisecond, in (0, 1).
    public let perMillisecond: Double

    /// - Precondition: 0 < `perMillisecond` < 1.
    public init(perMillisecond: Double) {
        precondition(perMillisecond > 0 && perMillisecond < 1,
                     "deceleration rate must lie strictly between 0 and 1 per millisecond, got \(perMillisecond)")
        self.perMillisecond = perMillisecond
    }

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond.
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
    public static let fast = DecelerationRate(perMillisecond: 0.99)

    /// The named rates, in the fixed order used when listing valid names in error messages.
    public static let namedRates: [(name: String, rate: DecelerationRate)] = [
        ("normal", .normal),
        ("fast", .fast),
    ]

    /// The rate called `name` ("normal" or "fast"), or `nil` if there is none.
    public static func named(_ name: String) -> DecelerationRate? {
        namedRates.first { $0.name == name }?.rate
    }

    /// Distance in points that a release at `velocity` pt/s coasts before stopping:
    /// (v / 1000) · r / (1 − r), from WWDC 2018 session 803 "Designing Fluid Interfaces".
    ///
    /// The velocity is converted to points per millisecond because the rate is per millisecond;
    /// the sum of the geometric series v·r + v·r² + … gives the distance. Signed like `velocity`.
    public func projectedTravel(velocity: Double) -> Double {
        (velocity / 1000) * perMillisecond / (1 - perMillisecond)
    }

    /// Where an object at `position` (points) released at `velocity` (pt/s) comes to rest.
    public func project(position: Double, velocity: Double) -> Double {
        position + projectedTravel(velocity: velocity)
    }
}
