/// How a stack's length along its main axis, in points, is decided.
///
/// PinStackView: `PinStackViewLayoutStyle` (`.fixed`, `.auto`) in PinStackView/Classes/PinStackView.swift.
public enum StackSizeMode: Equatable, Hashable, Sendable {
    /// The stack's main-axis length is given, in points, and never changes because of its items.
    /// Grow and shrink weights share the difference between this length and the items' lengths.
    case fixed(Double)
    /// The stack's main-axis length follows its content: the visible items' lengths and main-axis
    /// margins, the spacing between them and the main-axis padding. Items are packed from the start;
    /// grow, shrink and the stack's distribution are ignored (PinStackView `layoutAuto`/`autoStartEnd`).
    case auto
}
