@testable import DetentLayout

/// An item with a fixed main-axis size of `length` points.
func item(
    _ id: String,
    _ length: Double,
    cross: StackCrossSize = .stretch,
    alignSelf: StackAlignment? = nil,
    margins: Insets = .zero,
    shrink: Double = 0,
    hidden: Bool = false
) -> StackItem {
    StackItem(id: id, mainSize: .fixed(length), crossSize: cross, alignSelf: alignSelf, margins: margins, shrink: shrink, isHidden: hidden)
}

/// An item that grows by `weight` from `basis` points.
func growing(_ id: String, _ weight: Double, basis: Double = 0) -> StackItem {
    StackItem(id: id, mainSize: .grow(weight, basis: basis))
}

/// The frames of a layout, in item order.
func frames(_ result: StackLayoutResult) -> [Rect] {
    result.frames.map(\.frame)
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}
