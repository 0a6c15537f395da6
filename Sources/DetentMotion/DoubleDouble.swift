/// An unevaluated sum `hi + lo` of two doubles, good to about 106 significant bits
/// (Dekker 1971; the algorithms of Hida, Li & Bailey's QD library).
///
/// Sums and products of two doubles are represented exactly, so a low-degree polynomial
/// evaluated in it from exact double inputs is off by ~1e-32 of its terms instead of ~1e-16.
/// `CubicBezier` uses it only to decide the sign of x(t) − progress where plain doubles cannot
/// (flat spots of x, where the rounding of x(t) would move t by up to 5e-6).
struct DoubleDouble {
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

    /// a + b, exactly (Knuth's TwoSum).
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let sum = a + b
        let bVirtual = sum - a
        let aVirtual = sum - bVirtual
        return DoubleDouble(hi: sum, lo: (a - aVirtual) + (b - bVirtual))
    }

    /// a · b, exactly: the rounding error of the product comes from a fused multiply-add.
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let product = a * b
        return DoubleDouble(hi: product, lo: (-product).addingProduct(a, b))
    }

    /// a + b, exactly, when |a| ≥ |b| or a = 0 (Dekker's FastTwoSum).
    private static func quickSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let sum = a + b
        return DoubleDouble(hi: sum, lo: b - (sum - a))
    }

    static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let high = sum(a.hi, b.hi)
        let low = sum(a.lo, b.lo)
        let first = quickSum(high.hi, high.lo + low.hi)
        return quickSum(first.hi, first.lo + low.lo)
    }

    static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let high = product(a.hi, b.hi)
        return quickSum(high.hi, high.lo + (a.hi * b.lo + a.lo * b.hi))
    }

    static func * (a: DoubleDouble, b: Double) -> DoubleDouble {
        let high = product(a.hi, b)
        return quickSum(high.hi, high.lo + a.lo * b)
    }

    /// The nearest double (to within an ulp).
    var value: Double { hi + lo }
}
