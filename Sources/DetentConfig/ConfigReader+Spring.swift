import DetentLua
import DetentMotion
import DetentScripting

/// An engine section's spring written as one key, in the dialects scripts use
/// (`SpringSpecification`): `spring = "snappy"`, `spring = { duration = 0.5, bounce = 0.3 }`,
/// `spring = { preset = "bouncy", extra_bounce = 0.1 }`, `spring = { response = 0.4,
/// damping_fraction = 0.8 }`… The section keeps it as its three numbers (`spring_mass`,
/// `spring_stiffness`, `spring_damping_ratio`), which the same table cannot give as well.
extension ConfigReader {
    /// What a `spring` key holds, as mismatches say it.
    static let springExpectation = "a spring preset's name (\(SpringPreset.names.joined(separator: ", "))) or a table such as { duration = 0.5, bounce = 0.3 }"

    func optionalSpring(_ name: String, replacing alternatives: [String], defaults: SpringParameters) throws -> SpringParameters? {
        guard let value = table[name] else { return nil }
        if let other = alternatives.first(where: has) { throw twoSprings(name, other, alternatives) }
        let spring: SpringParameters
        switch value {
        case let .string(word):
            guard let preset = SpringPreset(rawValue: word) else {
                throw notOneOf(name, SpringPreset.names + ["a table such as { duration = 0.5, bounce = 0.3 }"], found: word)
            }
            spring = preset.parameters()
        case .table:
            let fields = try table(name)
            try fields.rejectUnknownKeys(SpringSpecification.keys)
            var numbers: [String: Double] = [:]
            for key in SpringSpecification.keys where key != SpringSpecification.wordKey && fields.has(key) {
                numbers[key] = try fields.number(key, .finite)
            }
            let preset = try fields.optionalString(SpringSpecification.wordKey)
            do {
                spring = try SpringSpecification.parameters(numbers: numbers, preset: preset, defaults: defaults)
            } catch {
                throw springProblem(error.key.map { name + "." + $0 } ?? name, error.sentence)
            }
        default:
            throw mismatch(name, expected: ConfigReader.springExpectation)
        }
        // An engine's spring is held to the rule of its three keys (an undamped one would
        // never settle).
        for (label, number) in [("mass", spring.mass), ("stiffness", spring.stiffness), ("damping ratio", spring.dampingRatio)]
        where !NumberRule.spring.accepts(number) {
            throw springProblem(name, "gives a spring of \(label) \(NumberRule.format(number)); an engine's spring needs its \(label) to be \(NumberRule.spring.expectation)")
        }
        return spring
    }

    /// `name` and `other` both given: each is named, with the file and line it is on.
    private func twoSprings(_ name: String, _ other: String, _ alternatives: [String]) -> Error {
        let advice = "give it one way: \(name) in any dialect, or \(NameSuggestion.list(alternatives, joinedWith: "and"))"
        switch source {
        case .file:
            let otherOrigin = origins.origin(of: key(other))
            let otherKey = otherOrigin?.writtenKey ?? key(other)
            let place = otherOrigin.map { " (\($0.description))" } ?? ""
            return fileError(name) { "key '\($0)' and key '\(otherKey)'\(place) both give the spring; \(advice)" }
        case .argument:
            return WorldRequestError(detail: "\(key(name)) and \(key(other)) both give the spring; \(advice)")
        }
    }

    /// A sentence about the spring at `name` (or a key of its table, `spring.bounce`).
    private func springProblem(_ name: String, _ sentence: String) -> Error {
        switch source {
        case .file: return fileError(name) { "key '\($0)': \(sentence)" }
        case .argument: return WorldRequestError(detail: "\(key(name)): \(sentence)")
        }
    }
}
