/// A release policy that cannot be found, registered or used, as a sentence.
public enum ReleasePolicyError: Error, Equatable, CustomStringConvertible {
    /// A script named a policy the registry does not hold.
    case unknown(name: String, known: [String])
    /// A second registration of a name; `owner` registered it first.
    case duplicate(name: String, owner: String)
    /// A registration without a name.
    case emptyName(owner: String)
    /// The rule answered NaN or an infinity.
    case nonFiniteAnswer(policy: String, value: Double)

    public var description: String {
        switch self {
        case let .unknown(name, known):
            return "unknown policy '\(name)' (expected one of: \(known.joined(separator: ", ")), or a function)"
        case let .duplicate(name, owner):
            return "a policy named '\(name)' is already registered by \(owner)"
        case let .emptyName(owner):
            return "\(owner) registered a policy without a name"
        case let .nonFiniteAnswer(_, value):
            return "the policy answered \(value), not a finite origin in points"
        }
    }
}
