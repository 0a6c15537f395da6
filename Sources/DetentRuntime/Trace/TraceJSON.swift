import DetentTime

/// A value in a trace line, written as compact JSON with a fixed number of decimals, so that
/// two identical runs write identical bytes (no locale, no shortest-round-trip formatting
/// that differs between platforms) and a 10-second trace stays small (SPEC §11).
enum TraceValue: Equatable {
    /// A number rounded to `decimals` places (trailing zeros dropped); NaN and infinities are null.
    case number(Double, decimals: Int)
    case integer(Int64)
    case string(String)
    case bool(Bool)
    case array([TraceValue])
    /// Keys in the order given (deterministic).
    case object([(String, TraceValue)])
    case null

    /// Points in geometry: 0.01 pt is far below what a replay or a test can tell apart.
    static func pt(_ value: Double) -> TraceValue { .number(value, decimals: 2) }
    /// Series values and event payloads: 1e-4 keeps alphas and progress readable.
    static func value(_ value: Double) -> TraceValue { .number(value, decimals: 4) }
    static func optional(_ value: String?) -> TraceValue { value.map { .string($0) } ?? .null }

    static func == (lhs: TraceValue, rhs: TraceValue) -> Bool {
        switch (lhs, rhs) {
        case let (.number(a, da), .number(b, db)): return da == db && TraceJSON.sameWhenWritten(a, b, decimals: da)
        case let (.integer(a), .integer(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.null, .null): return true
        default: return false
        }
    }

    func write(into out: inout String) {
        switch self {
        case let .number(value, decimals): out += TraceJSON.fixed(value, decimals: decimals)
        case let .integer(value): out += String(value)
        case let .string(text): TraceJSON.quote(text, into: &out)
        case let .bool(value): out += value ? "true" : "false"
        case let .array(values):
            out += "["
            for (i, value) in values.enumerated() {
                if i > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case let .object(fields):
            out += "{"
            for (i, field) in fields.enumerated() {
                if i > 0 { out += "," }
                TraceJSON.quote(field.0, into: &out)
                out += ":"
                field.1.write(into: &out)
            }
            out += "}"
        case .null: out += "null"
        }
    }

    var json: String {
        var out = ""
        write(into: &out)
        return out
    }
}

enum TraceJSON {
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// `value` rounded to `decimals` places, without trailing zeros ("774", "512.5", "-0.25");
    /// null when not finite. Exact integer arithmetic once scaled, so the text never depends
    /// on the platform's float formatting.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        let scale = powers[min(max(decimals, 0), powers.count - 1)]
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9.0e15 else { return String(value) }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let divisor = Int64(scale)
        let whole = abs(units) / divisor
        var fraction = abs(units) % divisor
        var text = (units < 0 ? "-" : "") + String(whole)
        guard fraction != 0 else { return text }
        var digits = decimals
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }

    /// Whether `a` and `b` are written the same (`fixed`), without writing them.
    static func sameWhenWritten(_ a: Double, _ b: Double, decimals: Int) -> Bool {
        guard a.isFinite && b.isFinite else { return !a.isFinite && !b.isFinite }
        let scale = powers[min(max(decimals, 0), powers.count - 1)]
        let x = (a * scale).rounded(), y = (b * scale).rounded()
        guard abs(x) < 9.0e15 && abs(y) < 9.0e15 else { return a == b }
        return x == y
    }

    /// Virtual time in seconds, exactly: ns / 1e9 written out ("0.008333333").
    static func seconds(_ time: Nanoseconds) -> String {
        let ns = Int64(time)
        let whole = ns / 1_000_000_000
        var fraction = abs(ns % 1_000_000_000)
        var text = (ns < 0 && whole == 0 ? "-" : "") + String(whole)
        guard fraction != 0 else { return text }
        var digits = 9
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }

    static func quote(_ text: String, into out: inout String) {
        JSONText.quote(text, into: &out, escapingLessThan: true)
    }
}
