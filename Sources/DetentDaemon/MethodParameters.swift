import DetentDaemonClient
import DetentJSON

/// A daemon method's parameters as one typed value (`StepParameters`, `RunParameters`, …):
/// each field is declared once, in `fields` — its name, the JSON it takes, whether it is
/// required, and the property its value goes to. Decoding a request checks it against the
/// declaration (a parameter the method does not take, a value of the wrong type, out of range
/// or not one of the choices, or a required one missing is `-32602` naming the parameter) and
/// fills the value; `Daemon.methodTable`, `initialize`'s list and the docs drift test read
/// the same declaration.
protocol MethodParameters: Sendable {
    /// The value with every parameter left out (each property's default).
    init()
    static var fields: [ParameterField<Self>] { get }
    /// What only this method knows, once its fields are decoded (two that exclude each other,
    /// one of several that must be given): throws the `-32602` naming it.
    func check() throws
}

extension MethodParameters {
    /// The parameters as `initialize`, the docs and the checks name them.
    static var parameters: [MethodParameter] { fields.map(\.parameter) }

    func check() throws {}

    /// Decodes `params`, checked against `fields`.
    init(decoding params: Params) throws {
        try params.only(Set(Self.fields.map(\.parameter.name)))
        self.init()
        for field in Self.fields {
            guard params.has(field.parameter.name) else {
                if field.parameter.required { throw params.invalid(field.parameter.name, field.parameter.expected) }
                continue
            }
            try field.assign(&self, params)
        }
        try check()
    }
}

/// One field of a method's parameters: what it is (`MethodParameter`) and how its value,
/// present in a request, is read into the typed value.
struct ParameterField<Value>: Sendable {
    let parameter: MethodParameter
    let assign: @Sendable (inout Value, Params) throws -> Void

    static func string(_ name: String, _ path: WritableKeyPath<Value, String?> & Sendable) -> Self {
        Self(parameter: .string(name)) { value, params in value[keyPath: path] = try params.string(name) }
    }

    /// A string with a default (the property's initial value) when left out.
    static func string(_ name: String, _ path: WritableKeyPath<Value, String> & Sendable) -> Self {
        Self(parameter: .string(name)) { value, params in value[keyPath: path] = try params.string(name) }
    }

    /// A string the request must give (the property holds "" until decoded).
    static func required(_ name: String, _ path: WritableKeyPath<Value, String> & Sendable) -> Self {
        Self(parameter: .string(name, required: true)) { value, params in value[keyPath: path] = try params.string(name) }
    }

    /// One of a string enumeration's raw values.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Value, Choice> & Sendable, required: Bool = false
    ) -> Self where Choice.RawValue == String {
        let parameter = MethodParameter(name: name, kind: .choice(Choice.allCases.map(\.rawValue)), required: required)
        return Self(parameter: parameter) { value, params in
            let given = try params.string(name)
            guard let choice = Choice(rawValue: given) else {
                throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: '\(name)' must be \(parameter.expected) (found \(JSONValue.string(given).text))")
            }
            value[keyPath: path] = choice
        }
    }

    static func strings(_ name: String, _ path: WritableKeyPath<Value, [String]?> & Sendable) -> Self {
        Self(parameter: .strings(name)) { value, params in value[keyPath: path] = try params.optionalStrings(name) }
    }

    static func bool(_ name: String, _ path: WritableKeyPath<Value, Bool> & Sendable) -> Self {
        Self(parameter: .bool(name)) { value, params in value[keyPath: path] = try params.optionalBool(name) ?? false }
    }

    /// A boolean that stays nil when left out (the caller's default applies).
    static func bool(_ name: String, _ path: WritableKeyPath<Value, Bool?> & Sendable) -> Self {
        Self(parameter: .bool(name)) { value, params in value[keyPath: path] = try params.optionalBool(name) }
    }

    static func integer(_ name: String, _ range: ClosedRange<Int64>, _ path: WritableKeyPath<Value, Int64?> & Sendable) -> Self {
        Self(parameter: .integer(name, range)) { value, params in value[keyPath: path] = try params.optionalInt(name, in: range) }
    }

    /// A whole number with a default (the property's initial value) when left out.
    static func integer(_ name: String, _ range: ClosedRange<Int64>, _ path: WritableKeyPath<Value, Int64> & Sendable) -> Self {
        Self(parameter: .integer(name, range)) { value, params in
            if let given = try params.optionalInt(name, in: range) { value[keyPath: path] = given }
        }
    }

    static func unsigned(_ name: String, _ path: WritableKeyPath<Value, UInt64?> & Sendable) -> Self {
        Self(parameter: .unsigned(name)) { value, params in value[keyPath: path] = try params.optionalUnsigned(name) }
    }

    /// A finite number in `range`, with a default (the property's initial value) when left out.
    static func number(_ name: String, _ range: ClosedRange<Double>, _ path: WritableKeyPath<Value, Double> & Sendable,
                       required: Bool = false) -> Self {
        Self(parameter: .number(name, range, required: required)) { value, params in
            if let given = try params.optionalNumber(name, in: range) { value[keyPath: path] = given }
        }
    }

    /// Event names, or "*" for all (held as ["*"]).
    static func eventNames(_ name: String, _ path: WritableKeyPath<Value, [String]?> & Sendable) -> Self {
        Self(parameter: .eventNames(name)) { value, params in
            value[keyPath: path] = params.value[name] == .string("*") ? ["*"] : try params.optionalStrings(name)
        }
    }

    /// `session`: a live session's name (nil: the shared world).
    static func session(_ path: WritableKeyPath<Value, String?> & Sendable) -> Self { string("session", path) }
}

extension Params {
    /// These params less `name` (a field one side of a pipe adds for the other).
    func without(_ name: String) -> Params {
        guard case let .object(fields) = value else { return self }
        return Params(.object(fields.filter { $0.0 != name }))
    }
}
