/// The display's refresh behaviour: a fixed rate in Hz, or a ProMotion-style variable range
/// (SPEC §1: iPhone 10–120 Hz, iPad Pro 24–120 Hz, from Apple's ProMotion documentation).
public enum RefreshRate: Equatable, Sendable, CustomStringConvertible {
    case fixed(hz: Int)
    /// Frames land on a grid of `maximumHz`; while nothing animates the link slows to
    /// `minimumHz` (the interval becomes the smallest whole number of grid periods that is
    /// at least 1/minimumHz).
    case variable(minimumHz: Int, maximumHz: Int)

    /// The rate of the frame grid (the fastest the display can go), in Hz.
    public var gridHz: Int {
        switch self {
        case let .fixed(hz): return hz
        case let .variable(_, maximum): return maximum
        }
    }

    /// Grid periods per frame while animating (1) or idle (≥ 1).
    public func periodsPerFrame(animating: Bool) -> Int64 {
        switch self {
        case .fixed: return 1
        case let .variable(minimum, maximum):
            if animating { return 1 }
            return Int64((maximum + minimum - 1) / max(minimum, 1))
        }
    }

    public var description: String {
        switch self {
        case let .fixed(hz): return "\(hz) Hz"
        case let .variable(minimum, maximum): return "\(minimum)–\(maximum) Hz"
        }
    }
}
