import DetentJSON
/// How a trace writes its values (SPEC §11): numbers rounded to a fixed number of decimals
/// (`JSONValue.fixed`), so that two identical runs write identical bytes and a 10-second trace
/// stays small; lines compact, one value a line.
extension JSONValue {
    /// Points in geometry: 0.01 pt is far below what a replay or a test can tell apart.
    static func pt(_ value: Double) -> JSONValue { .fixed(value, decimals: 2) }
    /// Series values and event payloads: 1e-4 keeps alphas and progress readable.
    static func value(_ value: Double) -> JSONValue { .fixed(value, decimals: 4) }

    /// Appends the value as one trace line, newline included. `<` is escaped: a replay page
    /// inlines the lines in a script element, which `</script>` would end.
    func writeTraceLine(to out: inout String) {
        write(to: &out, escapingLessThan: true)
        out += "\n"
    }
}
