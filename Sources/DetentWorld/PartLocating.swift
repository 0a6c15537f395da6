/// An engine whose parts scripts can aim gestures at by name (`tap("navigation.back_button")`).
public protocol PartLocating: AnyObject {
    /// The point a finger should touch for `part` (full name, e.g. "navigation.back_button"),
    /// or nil when this engine has no such part right now.
    func location(ofPart part: String, in world: World) -> Point?
    /// The parts it can locate now.
    func partNames(in world: World) -> [String]
    /// The rectangle of `part` in window points: where a touch lands on it (what its
    /// responder's hit-test claims), or nil when this engine has no such part right now.
    func frame(ofPart part: String, in world: World) -> PartFrame?
    /// The axis along which `part` follows a finger: what a gesture's single number (a
    /// flick's velocity, a drag's `by`) moves along when aimed at it.
    func gestureAxis(ofPart part: String) -> GestureAxis
}

extension PartLocating {
    /// Parts move vertically (drawers, sheets, scrolling content) unless their engine says
    /// otherwise.
    public func gestureAxis(ofPart part: String) -> GestureAxis { .vertical }
}

/// The direction a part follows a finger in.
public enum GestureAxis: String, Sendable {
    /// Along x (a pager's pages).
    case horizontal
    /// Along y (a drawer, a sheet, scrolling content).
    case vertical
}

/// A part's rectangle in window points (y grows downwards): `x`, `y` its top-left corner.
/// (DetentLayout's `Rect` is the layouts' own; the world sits below the layouts.)
public struct PartFrame: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether it covers any area (a part squeezed to nothing is no target).
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// A part a touch can aim at now: its frame, and the point gestures aimed at it by name touch
/// (`World.locate`).
public struct TouchTarget: Equatable, Sendable {
    public var part: String
    public var frame: PartFrame
    public var point: Point
}
