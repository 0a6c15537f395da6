extension StringProtocol {
    /// The text with every occurrence of `target` replaced by `replacement`, left to right and
    /// not overlapping, matched as UTF-8 bytes — what Foundation's
    /// `replacingOccurrences(of:with:)` did for Detent's texts. Not the standard library's
    /// `replacing(_:with:)`, which matches whole Characters and so finds no "\n" inside a
    /// "\r\n".
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let text = Array(utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, pattern.count <= text.count else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            if text[i] == pattern[0], i + pattern.count <= text.count, text[i..<(i + pattern.count)].elementsEqual(pattern) {
                out.append(contentsOf: replacement.utf8)
                i += pattern.count
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
