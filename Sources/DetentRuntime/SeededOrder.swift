import DetentPlatform
/// SplitMix64: a small, fully specified generator, so `--shuffle --seed N` gives the same
/// order on every machine and every Swift version (Swift's own shuffle algorithm is not
/// guaranteed stable across releases).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Array {
    /// Fisher–Yates with SplitMix64, written out so the order never depends on the stdlib.
    func seededShuffle(seed: UInt64) -> [Element] {
        var generator = SplitMix64(seed: seed)
        var result = self
        guard result.count > 1 else { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            let j = Int(generator.next() % UInt64(i + 1))
            result.swapAt(i, j)
        }
        return result
    }
}
