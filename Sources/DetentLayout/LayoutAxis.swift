/// The direction a stack places its items along (its main axis); the other direction is the cross axis.
///
/// `vertical` stacks run top to bottom (main axis y, cross axis x); `horizontal` stacks run
/// left to right (main axis x, cross axis y). Lengths along either axis are in points.
/// PinStackView: `PinStackViewAxis` in PinStackView/Classes/PinStackView.swift (default there: horizontal).
public enum LayoutAxis: String, Equatable, Hashable, Sendable, CaseIterable {
    case vertical
    case horizontal
}
