/// FNV-1a over UTF-8, for seeds and digests derived from names: stable across runs and
/// machines (the shuffle's per-file seeds, traces' config digests and file names).
public func fnv1a(_ text: String, seed: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
    var hash = seed
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
}
