/// The replay page's own files (Trace/Replay: replay.html, replay.css, replay.js), compiled in,
/// and how the page is put together from them.
enum ReplayAssets {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `template` with each `{{name}}` replaced by `values[name]`, in one pass: a value is never
    /// read for markers itself (the trace's data may contain anything).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            let name = String(rest[open.upperBound..<close.lowerBound])
            guard let value = values[name] else {
                out += rest[..<close.upperBound]
                rest = rest[close.upperBound...]
                continue
            }
            out += rest[..<open.lowerBound]
            out += value
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
