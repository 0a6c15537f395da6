/// Seconds for messages and reports: up to 4 decimals, no trailing zeros ("0.35", "2", "0.0167").
public func formatSeconds(_ seconds: Double) -> String {
    var text = String(printf: "%.4f", seconds)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
