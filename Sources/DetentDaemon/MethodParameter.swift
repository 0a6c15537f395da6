import DetentDaemonClient
import DetentJSON
import DetentRuntime

/// One parameter of a daemon method as its declaration gives it (`ParameterField`, in the
/// method's `MethodParameters`): the name, the JSON it takes and whether it is required —
/// what `initialize` lists, errors say and docs/protocol.md's tables are checked against
/// (`ProtocolDocsDriftTests`).
struct MethodParameter: Sendable {
    enum Kind: Sendable, Equatable {
        case string
        /// An array of strings.
        case strings
        case bool
        /// A whole number in the range.
        case integer(ClosedRange<Int64>)
        /// A whole number from 0 to 2^64−1, read exactly (a seed).
        case unsigned
        /// A finite number in the range.
        case number(ClosedRange<Double>)
        /// Event names, or "*" for all.
        case eventNames
        /// One of these strings.
        case choice([String])
    }

    let name: String
    let kind: Kind
    let required: Bool

    static func string(_ name: String, required: Bool = false) -> Self { Self(name: name, kind: .string, required: required) }
    static func strings(_ name: String) -> Self { Self(name: name, kind: .strings, required: false) }
    static func bool(_ name: String) -> Self { Self(name: name, kind: .bool, required: false) }
    static func integer(_ name: String, _ range: ClosedRange<Int64>) -> Self { Self(name: name, kind: .integer(range), required: false) }
    static func unsigned(_ name: String) -> Self { Self(name: name, kind: .unsigned, required: false) }
    static func number(_ name: String, _ range: ClosedRange<Double>, required: Bool = false) -> Self {
        Self(name: name, kind: .number(range), required: required)
    }
    static func eventNames(_ name: String) -> Self { Self(name: name, kind: .eventNames, required: false) }
    /// `session`: a live session's name (the shared world when left out).
    static let session = string("session")

    /// What the value must be, in the words of errors.
    var expected: String {
        switch kind {
        case .string: return "a string"
        case .strings: return "an array of strings"
        case .bool: return "true or false"
        case let .integer(range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .unsigned: return "a whole number from 0 to \(UInt64.max)"
        case let .number(range): return "a number from \(range.lowerBound) to \(range.upperBound)"
        case .eventNames: return "an array of event names, or \"*\""
        case let .choice(choices): return "one of: " + choices.joined(separator: ", ")
        }
    }
}
