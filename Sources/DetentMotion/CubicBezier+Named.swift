// Named timing curves. The first five are the CSS / Core Animation named curves (CSS Easing
// Functions Level 1; kCAMediaTimingFunctionLinear, EaseIn, EaseOut, EaseInEaseOut, Default).
// `sheet` is the navigation curve of the bottom-sheet navigation controller in the seed article
// (SPEC.md section 2), used with a duration of 0.35 s.

extension CubicBezier {
    /// Constant speed: cubic-bezier(0, 0, 1, 1).
    public static let linear = CubicBezier(0, 0, 1, 1)
    /// Starts slowly: cubic-bezier(0.42, 0, 1, 1) (CSS `ease-in`).
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// Ends slowly: cubic-bezier(0, 0, 0.58, 1) (CSS `ease-out`).
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// Starts and ends slowly: cubic-bezier(0.42, 0, 0.58, 1) (CSS `ease-in-out`).
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    /// Core Animation's default curve: cubic-bezier(0.25, 0.1, 0.25, 1) (CSS `ease`).
    public static let `default` = CubicBezier(0.25, 0.1, 0.25, 1)
    /// The bottom-sheet navigation curve of the seed article: cubic-bezier(0.2, 1, 0.42, 1).
    public static let sheet = CubicBezier(0.2, 1, 0.42, 1)

    /// Every named curve, in the fixed order used when listing valid names in error messages.
    public static let namedCurves: [(name: String, curve: CubicBezier)] = [
        ("linear", .linear),
        ("easeIn", .easeIn),
        ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut),
        ("default", .default),
        ("sheet", .sheet),
    ]

    /// The curve called `name` (exact, case-sensitive match), or `nil` if there is none.
    public static func named(_ name: String) -> CubicBezier? {
        namedCurves.first { $0.name == name }?.curve
    }

    /// The valid names, in `namedCurves` order — for "expected one of: …" messages.
    public static var curveNames: [String] { namedCurves.map(\.name) }
}
