/// A range a dragged value is kept to (SPEC §2, §6): past either end it rubber-bands over that
/// end's dimension (points), where a dimension of 0 clamps. `unconstrain` inverts `constrain`,
/// so a drag that catches the value beyond an end (a spring overshooting, limits that moved)
/// starts from where it is instead of jumping on the first movement.
public struct RubberBandedRange: Equatable, Sendable {
    public var limits: ClosedRange<Double>
    /// Room past `limits.lowerBound` (0: clamp there), points.
    public var dimensionPastLower: Double
    /// Room past `limits.upperBound` (0: clamp there), points.
    public var dimensionPastUpper: Double
    public var coefficient: Double

    public init(_ limits: ClosedRange<Double>, dimensionPastLower: Double, dimensionPastUpper: Double,
                coefficient: Double = RubberBand.defaultCoefficient) {
        self.limits = limits
        self.dimensionPastLower = dimensionPastLower
        self.dimensionPastUpper = dimensionPastUpper
        self.coefficient = coefficient
    }

    /// Where a drag to `target` shows the value.
    public func constrain(_ target: Double) -> Double {
        let lower = limits.lowerBound, upper = limits.upperBound
        if target < lower {
            return dimensionPastLower > 0 ? lower - RubberBand.offset(lower - target, dimension: dimensionPastLower, coefficient: coefficient) : lower
        }
        if target > upper {
            return dimensionPastUpper > 0 ? upper + RubberBand.offset(target - upper, dimension: dimensionPastUpper, coefficient: coefficient) : upper
        }
        return target
    }

    /// The drag target that shows `shown`; values past a clamping end are their own target.
    public func unconstrain(_ shown: Double) -> Double {
        let lower = limits.lowerBound, upper = limits.upperBound
        if shown < lower, dimensionPastLower > 0 {
            return lower - RubberBand.distance(forOffset: lower - shown, dimension: dimensionPastLower, coefficient: coefficient)
        }
        if shown > upper, dimensionPastUpper > 0 {
            return upper + RubberBand.distance(forOffset: shown - upper, dimension: dimensionPastUpper, coefficient: coefficient)
        }
        return shown
    }
}
