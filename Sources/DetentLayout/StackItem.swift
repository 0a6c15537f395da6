/// One item of a stack: an id, its main-axis and cross-axis sizes and margins (points), and how it is placed.
///
/// PinStackView keeps these per view in `PinStackItemInfo` (PinStackView/Classes/PinStackView.swift).
/// Ratio-valued sizes and margins, and min/max sizes, are not modelled: every length here is in points.
public struct StackItem: Equatable, Hashable, Sendable, Identifiable {
    /// Unique within its stack, non-empty.
    public var id: String
    /// Length along the main axis.
    public var mainSize: StackMainSize
    /// Size across the stack; capped at the cross-axis room.
    public var crossSize: StackCrossSize
    /// Overrides the stack's alignment for this item when set (PinStackView `alignSelf()`).
    public var alignSelf: StackAlignment?
    /// Room kept around the item, in points, each 0 or more (our decision: no negative margins). Main-axis margins add to the room the item takes;
    /// cross-axis margins narrow its cross-axis room (PinStackView `top()/left()/bottom()/right()`).
    public var margins: Insets
    /// Weight for giving up length when a `fixed` start/end stack overflows: the overflow is taken
    /// from shrinking items in proportion to this weight, never below 0 points. 0 = never shrinks
    /// (PinStackView `shrink()`, `calcFixedSEDynamicSize`).
    public var shrink: Double
    /// A hidden item takes no room and no spacing and gets no frame (PinStackView filters
    /// `subviews` on `!isHidden` and relayouts on its `isHidden` KVO).
    public var isHidden: Bool

    public init(
        id: String,
        mainSize: StackMainSize,
        crossSize: StackCrossSize = .stretch,
        alignSelf: StackAlignment? = nil,
        margins: Insets = .zero,
        shrink: Double = 0,
        isHidden: Bool = false
    ) {
        self.id = id
        self.mainSize = mainSize
        self.crossSize = crossSize
        self.alignSelf = alignSelf
        self.margins = margins
        self.shrink = shrink
        self.isHidden = isHidden
    }
}
