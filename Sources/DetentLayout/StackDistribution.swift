/// Where a `fixed` stack places its items along the main axis.
///
/// PinStackView: `PinStackViewDistribution` and `fixedStartEnd`/`fixedEqual` in
/// PinStackView/Classes/PinStackView.swift. An `auto` stack always behaves as `start`
/// (PinStackView's `layoutAuto` resets the distribution to `.start`).
public enum StackDistribution: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Items are packed against the start (top or left) after grow/shrink; spare room stays at the end.
    case start
    /// Items are packed against the end (bottom or right), in the same order; spare room stays at the start.
    case end
    /// The main-axis room, less the spacing, is cut into one equal slot per visible item.
    /// Grow items fill their slot; fixed-size items keep their size (at most the slot) and are
    /// centred in it. Grow weights and shrink are ignored.
    case equal
}
