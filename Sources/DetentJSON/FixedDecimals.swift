/// Numbers written with at most a fixed number of decimals (`JSONValue.fixed`), so two
/// identical runs write identical bytes: no locale, and no shortest-round-trip formatting that
/// could differ between platforms. Exact integer arithmetic once scaled.
public enum FixedDecimals {
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// `value` rounded to `decimals` places (0...9), without trailing zeros ("774", "512.5",
    /// "-0.25"); "null" when not finite.
    public static func text(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        let places = clamped(decimals)
        guard let scaled = scaled(value, places: places) else { return String(value) }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let divisor = Int64(powers[places])
        let whole = abs(units) / divisor
        var fraction = abs(units) % divisor
        var text = (units < 0 ? "-" : "") + String(whole)
        guard fraction != 0 else { return text }
        var digits = places
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }

    /// Whether `a` and `b` are written the same (`text`), without writing them.
    public static func sameWhenWritten(_ a: Double, _ b: Double, decimals: Int) -> Bool {
        guard a.isFinite && b.isFinite else { return !a.isFinite && !b.isFinite }
        let places = clamped(decimals)
        guard let x = scaled(a, places: places), let y = scaled(b, places: places) else { return a == b }
        return x == y
    }

    /// `decimals` within what `powers` holds (0...9).
    private static func clamped(_ decimals: Int) -> Int { min(max(decimals, 0), powers.count - 1) }

    /// `value` in units of 10^−places, rounded; nil past what a double counts exactly.
    private static func scaled(_ value: Double, places: Int) -> Double? {
        let scaled = (value * powers[places]).rounded()
        return abs(scaled) < 9.0e15 ? scaled : nil
    }
}
