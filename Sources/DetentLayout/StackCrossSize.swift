/// An item's size across the stack (on the cross axis), in points.
///
/// Either way the size is capped at the cross-axis room (stack cross length less padding and the
/// item's cross margins), as PinStackView's `calcViewSize` caps a width/height at its limit.
public enum StackCrossSize: Equatable, Hashable, Sendable {
    /// This many points, placed by the item's alignment; an alignment of `stretch` still fills the room.
    case fixed(Double)
    /// Fill the cross-axis room. This is what a PinStackView item without its own size does
    /// (`calcViewSize` falls back to the limit when `sizeThatFits` is zero), hence the default.
    case stretch
}
