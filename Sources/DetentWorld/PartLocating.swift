import DetentLayout

/// An engine whose parts scripts can aim gestures at by name (`tap("navigation.back_button")`).
public protocol PartLocating: AnyObject {
    /// The point a finger should touch for `part` (full name, e.g. "navigation.back_button"),
    /// or nil when this engine has no such part right now.
    func location(ofPart part: String, in world: World) -> Point?
    /// The parts it can locate now.
    func partNames(in world: World) -> [String]
    /// The rectangle of `part` in window points: where a touch lands on it (what its
    /// responder's hit-test claims), or nil when this engine has no such part right now.
    func frame(ofPart part: String, in world: World) -> Rect?
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

/// A part a touch can aim at now: its frame, and the point gestures aimed at it by name touch
/// (`World.locate`).
public struct TouchTarget: Equatable, Sendable {
    public var part: String
    public var frame: Rect
    public var point: Point
}
