/// A spring as a table of named values gives it — a script's `world:spring{...}` or a config
/// file's `spring = {...}` — in one of the dialects an iOS engineer knows:
///
/// | keys | dialect |
/// |---|---|
/// | `stiffness`, `mass`, `damping` or `damping_ratio` | the raw constants (SwiftUI's `Spring(mass:stiffness:damping:)`, `interpolatingSpring`) |
/// | `response`, `damping_fraction` or `damping_ratio` | SwiftUI's `.spring(response:dampingFraction:)` |
/// | `duration`, `bounce` | SwiftUI's `Spring(duration:bounce:)`, UIKit's `animate(springDuration:bounce:)` |
/// | `duration`, `damping_ratio` | UIKit's `UISpringTimingParameters(dampingRatio:)` / `usingSpringWithDamping:` with the animation's duration |
/// | `preset`, `duration`, `extra_bounce` | SwiftUI's `.smooth`, `.snappy`, `.bouncy`, `.interactiveSpring` (`SpringPreset`) |
/// | `bounciness`, `speed` | Facebook POP |
///
/// A table that mixes dialects is refused naming two keys that do not go together; a key of a
/// dialect given without the key that chooses it is refused naming the dialect. With no key at
/// all the spring is the configured default, and a lone `damping_ratio` applies to its
/// stiffness and mass.
public enum SpringSpecification {
    /// Every key, in the order messages name them.
    public static let keys = ["stiffness", "mass", "damping", "damping_ratio", "response", "damping_fraction",
                              "duration", "bounce", "preset", "extra_bounce", "bounciness", "speed"]

    /// The one key that holds a word (a preset's name); every other key holds a number.
    public static let wordKey = "preset"

    /// Why a table gives no spring: a sentence, and the key it is about (nil when it is about
    /// the table as a whole, such as two keys that do not go together).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let key: String?
        public let sentence: String
        public var description: String { sentence }
    }

    struct Dialect {
        /// How messages show it.
        let shown: String
        let keys: Set<String>
        /// Keys any one of which chooses it (none: the configured default's).
        let choosers: Set<String>
    }

    static let dialects: [Dialect] = [
        Dialect(shown: "{stiffness =, mass =, damping = | damping_ratio =}", keys: ["stiffness", "mass", "damping", "damping_ratio"],
                choosers: ["stiffness"]),
        Dialect(shown: "{response =, damping_fraction = | damping_ratio =}", keys: ["response", "damping_fraction", "damping_ratio"],
                choosers: ["response", "damping_fraction"]),
        Dialect(shown: "{duration =, bounce =}", keys: ["duration", "bounce"], choosers: ["duration", "bounce"]),
        Dialect(shown: "{duration =, damping_ratio =}", keys: ["duration", "damping_ratio"], choosers: ["duration"]),
        Dialect(shown: "{preset =, duration =, extra_bounce =}", keys: ["preset", "duration", "extra_bounce"], choosers: ["preset"]),
        Dialect(shown: "{bounciness =, speed =}", keys: ["bounciness", "speed"], choosers: ["bounciness"]),
        Dialect(shown: "{damping_ratio =}", keys: ["damping_ratio"], choosers: []),
    ]

    /// The dialects a message offers (the lone damping_ratio is a refinement of the default).
    public static let dialectList: String = {
        let shown = dialects.filter { !$0.choosers.isEmpty }.map(\.shown)
        return shown.dropLast().joined(separator: ", ") + " or " + shown.last!
    }()

    /// Keys of one dialect that say the same thing twice.
    static let synonyms: [(String, String, String)] = [
        ("damping", "damping_ratio", "give damping (N·s/m) or damping_ratio (ζ), not both"),
        ("damping_fraction", "damping_ratio", "give damping_fraction (SwiftUI's word) or damping_ratio (UIKit's), not both: they are the same ζ"),
    ]

    /// The spring `numbers` and `preset` give (keys absent from both were not given), over
    /// `defaults` (the configured spring). Numbers are finite: the caller has checked them.
    public static func parameters(numbers: [String: Double], preset: String?, defaults: SpringParameters) throws(Problem) -> SpringParameters {
        var given = Set(numbers.keys)
        if preset != nil { given.insert(wordKey) }
        let dialect = try dialect(of: given)
        let parameters = try resolve(dialect, numbers, preset, defaults)
        if let problem = parameters.validationError { throw Problem(key: nil, sentence: problem) }
        return parameters
    }

    /// The one dialect the keys belong to, or the problem with them.
    static func dialect(of given: Set<String>) throws(Problem) -> Dialect {
        let present = keys.filter(given.contains)
        let choosers = present.filter { key in dialects.contains { $0.choosers.contains(key) } }
        if let (a, b) = firstPairApart(choosers) { throw mixed(a, b) }
        for key in present where !dialects.contains(where: { $0.choosers.contains(key) }) {
            let homes = dialects.filter { $0.keys.contains(key) }
            if homes.allSatisfy({ !$0.choosers.isEmpty && $0.choosers.isDisjoint(with: given) }), let home = homes.first {
                let chooser = keys.first(where: home.choosers.contains)!
                throw Problem(key: key, sentence: "\(key) belongs to \(home.shown); give \(chooser) too, or use one of \(dialectList)")
            }
        }
        for (a, b, sentence) in synonyms where given.contains(a) && given.contains(b) { throw Problem(key: nil, sentence: sentence) }
        if let (a, b) = firstPairApart(present) { throw mixed(a, b) }
        if let home = dialects.first(where: { given.isSubset(of: $0.keys) && ($0.choosers.isEmpty || !$0.choosers.isDisjoint(with: given)) }) {
            return home
        }
        // Every pair of keys shares a dialect, and no key lacks its chooser: some dialect holds them all.
        preconditionFailure("spring keys \(present) fit no dialect")
    }

    private static func firstPairApart(_ present: [String]) -> (String, String)? {
        for (i, a) in present.enumerated() {
            for b in present[(i + 1)...] where !dialects.contains(where: { $0.keys.contains(a) && $0.keys.contains(b) }) {
                return (a, b)
            }
        }
        return nil
    }

    private static func mixed(_ a: String, _ b: String) -> Problem {
        Problem(key: nil, sentence: "\(a) and \(b) give a spring in different ways; it takes one of \(dialectList)")
    }

    /// A number as a message shows it: -1, not -1.0.
    static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    private static func resolve(_ dialect: Dialect, _ numbers: [String: Double], _ preset: String?,
                                _ defaults: SpringParameters) throws(Problem) -> SpringParameters {
        func ratio(_ key: String) throws(Problem) -> Double? {
            guard let value = numbers[key] else { return nil }
            guard value >= 0 else { throw Problem(key: key, sentence: "\(key) must be 0 or more (ζ: 1 is critically damped, below 1 bounces), got \(shown(value))") }
            return value
        }
        func seconds(_ key: String) throws(Problem) -> Double? {
            guard let value = numbers[key] else { return nil }
            guard value > 0 else { throw Problem(key: key, sentence: "\(key) must be more than 0 seconds, got \(shown(value))") }
            return value
        }
        if let stiffness = numbers["stiffness"] {
            let mass = numbers["mass"] ?? 1
            if let damping = numbers["damping"] { return SpringParameters(mass: mass, stiffness: stiffness, damping: damping) }
            return SpringParameters(mass: mass, stiffness: stiffness, dampingRatio: try ratio("damping_ratio") ?? defaults.dampingRatio)
        }
        if dialect.choosers.contains("response") {
            // A lone damping_fraction takes SwiftUI's default response, 0.5 s
            // (`.spring(response: 0.5, dampingFraction: 0.825)`); a lone response keeps ζ = 1,
            // as it has always been read here, not SwiftUI's 0.825.
            let fraction = try ratio("damping_fraction"), dampingRatio = try ratio("damping_ratio")
            return SpringParameters(dampingRatio: fraction ?? dampingRatio ?? 1, response: try seconds("response") ?? 0.5)
        }
        if let name = preset {
            guard let named = SpringPreset(rawValue: name) else {
                throw Problem(key: wordKey, sentence: "'\(name)' is not a spring preset (expected one of: \(SpringPreset.names.joined(separator: ", ")))")
            }
            let extra = numbers["extra_bounce"] ?? 0
            guard SpringParameters.acceptsBounce(named.baseBounce + extra) else {
                throw Problem(key: "extra_bounce", sentence: "extra_bounce \(SpringParameters.decimal(extra)) takes \(name)'s bounce \(SpringParameters.decimal(named.baseBounce)) to \(SpringParameters.decimal(named.baseBounce + extra)); a bounce must be \(SpringParameters.bounceRange)")
            }
            return named.parameters(duration: try seconds("duration"), extraBounce: extra)
        }
        if dialect.choosers.contains("bounce") {
            // SwiftUI's `Spring(duration: 0.5, bounce: 0.0)` defaults.
            let bounce = numbers["bounce"] ?? 0
            guard SpringParameters.acceptsBounce(bounce) else {
                throw Problem(key: "bounce", sentence: "bounce must be \(SpringParameters.bounceRange) (SwiftUI's range), got \(shown(bounce))")
            }
            return SpringParameters(duration: try seconds("duration") ?? 0.5, bounce: bounce)
        }
        if let duration = try seconds("duration") {
            // UIKit's damping ratio over the animation's duration, read as SwiftUI's response.
            return SpringParameters(dampingRatio: try ratio("damping_ratio") ?? 1, response: duration)
        }
        if let bounciness = numbers["bounciness"] {
            return SpringParameters(bounciness: bounciness, speed: numbers["speed"] ?? 12)
        }
        return SpringParameters(mass: defaults.mass, stiffness: defaults.stiffness, dampingRatio: try ratio("damping_ratio") ?? defaults.dampingRatio)
    }
}
