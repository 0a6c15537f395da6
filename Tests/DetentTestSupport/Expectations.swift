import Testing
import DetentWorld

// What several test targets check the same way, written once.

/// Expects `actual` to be within `tolerance` of `expected` (nil is a failure).
public func expectClose(_ actual: Double?, _ expected: Double, tolerance: Double = 1e-9,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    guard let actual else {
        Issue.record("expected \(expected), got nil", sourceLocation: sourceLocation)
        return
    }
    #expect(abs(actual - expected) <= tolerance, "expected \(expected), got \(actual)", sourceLocation: sourceLocation)
}

/// The number in an event field, or nil when the field is missing or not a number.
public func number(_ event: WorldEvent?, _ key: String) -> Double? {
    guard case let .number(value)? = event?[key] else { return nil }
    return value
}

// MARK: SPEC formulas, written out so that tests do not borrow the engines' arithmetic

/// SPEC §2 projected travel of a release at `velocity` pt/s with deceleration rate `rate` per
/// millisecond: (v/1000)·r/(1−r) points.
public func projectedTravel(_ velocity: Double, rate: Double) -> Double {
    (velocity / 1000) * rate / (1 - rate)
}

/// SPEC §2 rubber band: b(x) = (1 − 1/(x·c/d + 1))·d with c = 0.55.
public func rubberBand(_ x: Double, dimension d: Double) -> Double {
    (1 - 1 / (x * 0.55 / d + 1)) * d
}
