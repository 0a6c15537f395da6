import Testing

/// Expects |actual − expected| ≤ tolerance, reporting both numbers on failure.
func expectNear(
    _ actual: Double,
    _ expected: Double,
    within tolerance: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(actual - expected) <= tolerance,
            "\(actual) is not within \(tolerance) of \(expected)",
            sourceLocation: sourceLocation)
}

/// Expects actual to lie within `fraction` of expected (relative tolerance).
func expectNear(
    _ actual: Double,
    _ expected: Double,
    withinFraction fraction: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectNear(actual, expected, within: abs(expected * fraction), sourceLocation: sourceLocation)
}
