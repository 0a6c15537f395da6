/// What a number coming from Lua must be before Swift uses it: finite, inside a range, and
/// whole where a count or an index is meant. Every numeric parameter of the Lua API is read
/// through one of these (`LuaCall.number(_:_:rule:)`, `LuaTableArgument.number(_:rule:)`,
/// a wait request's fields), so NaN, ±inf, 1e300 or 2^63 become an error that says what was
/// expected — never a Swift trap in a conversion or in arithmetic further down.
///
/// The ranges are what the API means, not what Double can hold: a duration of 1e9 virtual
/// seconds (31 years) is far past any test's virtual-time limit, and a length of 1e7 points is
/// far past any screen, so a larger value is a mistake worth naming.
public struct NumberRule: Sendable, Equatable {
    public var range: ClosedRange<Double>
    /// Only whole numbers (counts, indices, frames).
    public var whole: Bool
    /// What the number measures, for messages ("virtual seconds", "points").
    public var unit: String?
    /// Words for the expectation when the range reads badly as numbers (an open interval).
    public var summary: String?

    public init(_ range: ClosedRange<Double>, whole: Bool = false, unit: String? = nil, summary: String? = nil) {
        self.range = range
        self.whole = whole
        self.unit = unit
        self.summary = summary
    }

    /// The same rule, described in other words.
    public func withSummary(_ words: String) -> NumberRule {
        var rule = self
        rule.summary = words
        return rule
    }

    /// More than 0 and less than 1 (a rate, a fraction that must leave something).
    public static func openUnitInterval(_ what: String) -> NumberRule {
        NumberRule(Double.leastNonzeroMagnitude...(1.0).nextDown, summary: "\(what) between 0 and 1 (both excluded)")
    }

    /// Any finite number.
    public static let finite = NumberRule(-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    /// A duration or a timeout: 0 to 1e9 virtual seconds.
    public static let seconds = NumberRule(0...1e9, unit: "virtual seconds")
    /// A duration that must take some time: more than 0 up to 1e9 virtual seconds.
    public static let positiveSeconds = NumberRule(Double.leastNonzeroMagnitude...1e9, unit: "virtual seconds")
    /// A position or an offset on screen: ±1e7 points.
    public static let points = NumberRule(-1e7...1e7, unit: "points")
    /// A length (a height, a width, a spacing): 0 to 1e7 points.
    public static let length = NumberRule(0...1e7, unit: "points")
    /// A velocity: ±1e9 pt/s.
    public static let velocity = NumberRule(-1e9...1e9, unit: "pt/s")
    /// A number of display-link frames: 0 to 1e9.
    public static let frames = NumberRule(0...1e9, whole: true, unit: "frames")
    /// A value an animator moves (`from`, `to`, a spring's target): ±1e9.
    public static let animatedValue = NumberRule(-1e9...1e9)
    /// A count of frames or repetitions: 0 to 1e9.
    public static let count = NumberRule(0...1e9, whole: true)
    /// A 1-based position in a list: 1 to 1e9.
    public static let index = NumberRule(1...1e9, whole: true)

    /// How long a scripted finger may move in one stroke: 0 to 600 virtual seconds (its
    /// samples are scheduled up front, at the touch rate).
    public static let strokeSeconds = NumberRule(0...600, unit: "virtual seconds")

    /// The rules Detent's Lua helpers (gestures, waits) check their arguments with, by name.
    public static let named: [String: NumberRule] = [
        "finite": .finite, "seconds": .seconds, "stroke_seconds": .strokeSeconds, "points": .points, "length": .length,
        "velocity": .velocity, "frames": .frames, "count": .count, "index": .index,
        "positive_length": NumberRule(Double.leastNonzeroMagnitude...1e7, unit: "points"),
    ]

    public static func whole(_ range: ClosedRange<Double>, unit: String? = nil) -> NumberRule {
        NumberRule(range, whole: true, unit: unit)
    }

    public func accepts(_ value: Double) -> Bool {
        value.isFinite && range.contains(value) && (!whole || value.rounded(.towardZero) == value)
    }

    /// "a whole number from 1 to 1e9", "a finite number of virtual seconds from 0 to 1e9".
    public var expectation: String {
        if let summary { return summary }
        var text = whole ? "a whole number" : "a finite number"
        if let unit { text += " of \(unit)" }
        let bounded = range.lowerBound > -Double.greatestFiniteMagnitude || range.upperBound < Double.greatestFiniteMagnitude
        if bounded {
            if range.upperBound == Double.greatestFiniteMagnitude {
                text += range.lowerBound == Double.leastNonzeroMagnitude ? " > 0" : " >= \(NumberRule.format(range.lowerBound))"
            } else if range.lowerBound == Double.leastNonzeroMagnitude {
                text += " > 0 and <= \(NumberRule.format(range.upperBound))"
            } else {
                text += " from \(NumberRule.format(range.lowerBound)) to \(NumberRule.format(range.upperBound))"
            }
        }
        return text
    }

    /// A number as a message shows it: `nan`, `inf`, `-inf`, `1e+300`, `3`, `0.5`.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) <= 9_007_199_254_740_992 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The sentence after "expected": "a whole number from 1 to 1e9 expected, got nan".
    public func mismatch(_ value: Double) -> String {
        "\(expectation) expected, got \(NumberRule.format(value))"
    }
}
