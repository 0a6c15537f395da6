/// An engine whose parts scripts can aim gestures at by name (`tap("navigation.back_button")`).
public protocol PartLocating: AnyObject {
    /// The point a finger should touch for `part` (full name, e.g. "navigation.back_button"),
    /// or nil when this engine has no such part right now.
    func location(ofPart part: String, in world: World) -> Point?
    /// The parts it can locate now.
    func partNames(in world: World) -> [String]
}
