/// Distances in points from each edge of a box: a stack's padding or an item's margins.
/// `left` and `right` are physical edges (PinStackView lays out left to right only; there is no RTL).
public struct Insets: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Top inset, in points.
    public var top: Double
    /// Left inset, in points.
    public var left: Double
    /// Bottom inset, in points.
    public var bottom: Double
    /// Right inset, in points.
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset, in points, on all four edges.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    public static let zero = Insets()

    public var description: String { "(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }
}
