import DetentDaemonClient
import DetentJSON
import DetentRuntime

/// One parameter of a daemon method as its declaration in `Daemon.methodTable` gives it: the
/// name, the JSON it takes and whether it is required. The daemon checks a request against
/// its method's parameters before the method runs — a parameter the method does not take, a
/// value of the wrong type or out of range, or a required one missing is `-32602` naming the
/// parameter — and docs/protocol.md's tables are checked against the same declarations
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

    /// Throws the -32602 error for `params`'s value of this parameter, if it has a wrong one.
    func check(in params: Params) throws {
        guard params.has(name) else {
            if required { throw params.invalid(name, expected) }
            return
        }
        switch kind {
        case .string: _ = try params.string(name)
        case .strings: _ = try params.optionalStrings(name)
        case .bool: _ = try params.optionalBool(name)
        case let .integer(range): _ = try params.optionalInt(name, in: range)
        case .unsigned: _ = try params.optionalUnsigned(name)
        case let .number(range): _ = try params.optionalNumber(name, in: range)
        case .eventNames: if params.value[name] != .string("*") { _ = try params.optionalStrings(name) }
        }
    }

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
        }
    }
}

extension [MethodParameter] {
    /// Checks `params` against these parameters: an object holding none but them, each of the
    /// right type and in range, the required ones present.
    func check(_ params: Params) throws {
        try params.only(Set(map(\.name)))
        for parameter in self { try parameter.check(in: params) }
    }
}
