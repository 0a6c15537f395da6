/// An axis-aligned rectangle in points, relative to the stack that laid it out:
/// `x` grows to the right, `y` grows downward, origin at the stack's top-left corner.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left edge, in points.
    public var x: Double
    /// Top edge, in points.
    public var y: Double
    /// Width, in points.
    public var width: Double
    /// Height, in points.
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Whether it covers no area (a part squeezed to nothing is no touch target).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public var description: String { "(x: \(x), y: \(y), w: \(width), h: \(height))" }
}
