/// How a stack lays out its items: axis, size mode, distribution, alignment, spacing and padding (points).
///
/// Defaults follow PinStackView (`PinStackView` properties in PinStackView/Classes/PinStackView.swift):
/// distribution `start`, alignment `stretch`, spacing 0, padding zero. Axis and size mode have no default
/// here because a `fixed` size needs a length and Detent's screens are mostly vertical.
public struct StackConfiguration: Equatable, Hashable, Sendable {
    public var axis: LayoutAxis
    public var sizeMode: StackSizeMode
    public var distribution: StackDistribution
    public var alignment: StackAlignment
    /// Points (0 or more) between two neighbouring visible items along the main axis.
    public var spacing: Double
    /// Points (each 0 or more) kept clear inside the stack's edges; items are laid out inside them.
    public var padding: Insets

    public init(
        axis: LayoutAxis,
        sizeMode: StackSizeMode,
        distribution: StackDistribution = .start,
        alignment: StackAlignment = .stretch,
        spacing: Double = 0,
        padding: Insets = .zero
    ) {
        self.axis = axis
        self.sizeMode = sizeMode
        self.distribution = distribution
        self.alignment = alignment
        self.spacing = spacing
        self.padding = padding
    }
}
