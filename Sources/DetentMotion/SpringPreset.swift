/// SwiftUI's named springs (iOS 17), each a `Spring(duration:bounce:)` whose bounce is a base
/// value plus an `extraBounce`.
///
/// - `smooth`, `snappy`, `bouncy`: `Spring.smooth(duration: 0.5, extraBounce: 0.0)` and its
///   siblings; the base bounces 0, 0.15 and 0.3 are the ones their `extraBounce` parameter
///   documents ("added to the base bounce of 0.15", "… of 0.3"; `smooth` has "no bounce"),
///   developer.apple.com/documentation/swiftui/spring/smooth(duration:extrabounce:),
///   …/snappy(duration:extrabounce:), …/bouncy(duration:extrabounce:).
/// - `interactive`: `Animation.interactiveSpring(duration: 0.15, extraBounce: 0.0,
///   blendDuration: 0.25)`; Apple gives no base bounce there, so it is taken from the older
///   `interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)` — the same
///   spring: dampingFraction 0.86 is bounce 1 − 0.86 = 0.14
///   (developer.apple.com/documentation/swiftui/animation/interactivespring(response:dampingfraction:blendduration:)).
///   The blend duration, which eases between successive SwiftUI springs, has no counterpart here.
public enum SpringPreset: String, CaseIterable, Sendable {
    case smooth, snappy, bouncy, interactive

    /// The bounce before any `extraBounce`.
    public var baseBounce: Double {
        switch self {
        case .smooth: return 0
        case .snappy: return 0.15
        case .bouncy: return 0.3
        case .interactive: return 0.14
        }
    }

    /// The perceptual duration when none is given, seconds.
    public var defaultDuration: Double { self == .interactive ? 0.15 : 0.5 }

    /// The preset's spring: `Spring(duration: duration, bounce: baseBounce + extraBounce)`.
    public func parameters(duration: Double? = nil, extraBounce: Double = 0) -> SpringParameters {
        SpringParameters(duration: duration ?? defaultDuration, bounce: baseBounce + extraBounce)
    }

    public static var names: [String] { allCases.map(\.rawValue) }
}
