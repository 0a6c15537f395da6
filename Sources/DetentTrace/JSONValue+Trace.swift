import DetentJSON
/// How a trace writes its values (SPEC §11): numbers rounded to a fixed number of decimals
/// (`JSONValue.fixed`, `.pt`, `.value`), so that two identical runs write identical bytes and a 10-second trace
/// stays small; lines compact, one value a line.
extension JSONValue {
    /// Appends the value as one trace line, newline included. `<` is escaped: a replay page
    /// inlines the lines in a script element, which `</script>` would end.
    func writeTraceLine(to out: inout String) {
        write(to: &out, escapingLessThan: true)
        out += "\n"
    }
}
