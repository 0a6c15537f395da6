// Tools for the independent references the accuracy tests compare against. Nothing here is
// shared with the code under test: the library has its own (smaller) helpers.

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014; the constants of Vigna's reference implementation): a fixed, reproducible
/// source of random control points and spring constants.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniformly distributed in [0, 1) (53 random bits).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A double uniformly distributed in [lower, upper).
    mutating func uniform(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * unit() }
}

/// An unevaluated sum `hi + lo` of two doubles: about 106 significant bits (Dekker 1971;
/// Hida, Li & Bailey's QD library). Sums and products of doubles are exact in it, so a
/// cubic evaluated in it from exact inputs is off by ~1e-32 rather than ~1e-16.
struct WideDouble: Comparable {
    var hi: Double
    var lo: Double

    init(_ value: Double) {
        hi = value
        lo = 0
    }

    private init(hi: Double, lo: Double) {
        self.hi = hi
        self.lo = lo
    }

    /// a + b exactly, as the rounded sum and its rounding error (Knuth's TwoSum).
    private static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let sum = a + b
        let bVirtual = sum - a
        let aVirtual = sum - bVirtual
        return (sum, (a - aVirtual) + (b - bVirtual))
    }

    /// a + b exactly, for |a| ≥ |b| or a = 0 (Dekker's FastTwoSum).
    private static func quickTwoSum(_ a: Double, _ b: Double) -> WideDouble {
        let sum = a + b
        return WideDouble(hi: sum, lo: b - (sum - a))
    }

    static func + (a: WideDouble, b: WideDouble) -> WideDouble {
        let (s, e) = twoSum(a.hi, b.hi)
        let (t, f) = twoSum(a.lo, b.lo)
        let first = quickTwoSum(s, e + t)
        return quickTwoSum(first.hi, first.lo + f)
    }

    static prefix func - (a: WideDouble) -> WideDouble { WideDouble(hi: -a.hi, lo: -a.lo) }

    static func - (a: WideDouble, b: WideDouble) -> WideDouble { a + (-b) }

    static func * (a: WideDouble, b: WideDouble) -> WideDouble {
        let product = a.hi * b.hi
        // The rounding error of a.hi·b.hi, exactly, by a fused multiply-add.
        let error = (-product).addingProduct(a.hi, b.hi)
        return quickTwoSum(product, error + (a.hi * b.lo + a.lo * b.hi))
    }

    static func < (a: WideDouble, b: WideDouble) -> Bool {
        a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo)
    }

    /// The nearest double (to within an ulp).
    var value: Double { hi + lo }
}
