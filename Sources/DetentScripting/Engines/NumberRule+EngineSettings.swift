import DetentLua

/// The ranges of engine.toml's numbers, in the words its errors use.
extension NumberRule {
    /// A UIScrollView deceleration rate per millisecond (SPEC §2: normal 0.998, fast 0.99).
    public static let rate = NumberRule.openUnitInterval("a deceleration rate per millisecond")
        .withSummary("a deceleration rate per millisecond between 0 and 1 (exclusive), like 0.998")
    public static let fraction = NumberRule(0...1).withSummary("a fraction between 0 and 1")
    public static let positive = NumberRule(Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude)
    public static let nonNegative = NumberRule(0...Double.greatestFiniteMagnitude)
    /// A spring's mass, stiffness or damping ratio: more than 0, and at most 1e9 so that the
    /// damping 2ζ√(km) stays finite (a mass of 1e300 made it infinite, and the spring trap).
    public static let spring = NumberRule(Double.leastNonzeroMagnitude...1e9)
}
