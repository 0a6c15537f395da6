/// Where an item sits across the stack (on the cross axis), inside the stack's padding and its own margins.
///
/// PinStackView: `PinStackViewAlignment` in PinStackView/Classes/PinStackView.swift; its default is `stretch`.
public enum StackAlignment: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The item fills the cross-axis room, whatever its own cross size.
    case stretch
    /// Against the cross-axis start: the left edge of a vertical stack, the top of a horizontal one.
    case start
    /// Centred in the cross-axis room.
    case center
    /// Against the cross-axis end: the right edge of a vertical stack, the bottom of a horizontal one.
    case end
}
