/// UIScrollView's rubber-band resistance: how far content actually moves, in points, when it
/// is dragged `x` points past its edge.
///
/// b(x) = (1 − 1 / (x·c / d + 1))·d, with d the viewport dimension along the axis (points)
/// and c = 0.55 — the formula and constant posted by Grant Paul (@chpwn) and analysed in
/// "Analysis of Apple's rubber band scrolling" (squareb.wordpress.com, 6 January 2013).
/// The result starts with slope c and approaches d but never reaches it.
public enum RubberBand {
    /// UIScrollView's coefficient c.
    public static let defaultCoefficient = 0.55

    /// The visible overshoot in points for a drag of `x` points past the edge.
    ///
    /// Symmetric: a negative `x` (a drag past the opposite edge) gives the negated result.
    /// When `dimension` is 0 or less, or `coefficient` is 0 or less, there is nothing to
    /// stretch into and the result is 0.
    public static func offset(_ x: Double, dimension d: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard d > 0, c > 0 else { return 0 }
        let distance = abs(x)
        let stretched = (1 - 1 / (distance * c / d + 1)) * d
        return x < 0 ? -stretched : stretched
    }

    /// The drag past the edge, in points, that shows an overshoot of `offset`: the inverse of
    /// `offset(_:dimension:coefficient:)`, x = (d/c)·b/(d − b). A drag that catches something
    /// already beyond its edge (mid-bounce, or after its limits moved) starts from here, so
    /// the first movement does not jump.
    ///
    /// Symmetric like `offset`. Overshoots at or past `d` (which the band never shows) map to
    /// the largest finite distance; with nothing to stretch into the result is 0.
    public static func distance(forOffset b: Double, dimension d: Double, coefficient c: Double = defaultCoefficient) -> Double {
        guard d > 0, c > 0 else { return 0 }
        let shown = abs(b)
        let distance = shown < d ? d / c * shown / (d - shown) : .greatestFiniteMagnitude
        return b < 0 ? -distance : distance
    }
}
