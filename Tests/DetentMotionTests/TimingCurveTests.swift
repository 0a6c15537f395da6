import Testing
@testable import DetentMotion

@Suite("Timing curves: the value alone is the value of the value and slope")
struct TimingCurveTests {
    /// Progresses from −0.5 to 1.5 (both linear extensions and the ends included).
    static let progresses = (0...2000).map { -0.5 + Double($0) / 1000 }

    @Test func aBeziersValueIsBitForBitTheOneItsValueAndSlopeGives() {
        for (name, bezier) in CubicBezier.namedCurves {
            let curve = TimingCurve.bezier(bezier)
            for progress in Self.progresses {
                let alone = curve.value(at: progress), paired = curve.valueAndSlope(at: progress).value
                #expect(alone.bitPattern == paired.bitPattern, "\(name) at \(progress): \(alone) against \(paired)")
            }
        }
    }

    @Test func aSampledCurvesValueIsTheOneItsValueAndSlopeGives() throws {
        let sampled = try #require(SampledCurve(samples: (0...16).map { let x = Double($0) / 16; return x * x * (3 - 2 * x) }))
        let curve = TimingCurve.sampled(sampled)
        for progress in Self.progresses {
            #expect(curve.value(at: progress).bitPattern == curve.valueAndSlope(at: progress).value.bitPattern)
        }
    }
}
