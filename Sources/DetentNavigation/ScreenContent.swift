import DetentLayout

/// A screen's content: scrollable (a scroll view with its content height, offset and insets,
/// points) or a stack layout (PinStackView semantics) whose length, in `auto` mode, follows its
/// items and drives the height of a sheet.
public enum ScreenContent: Equatable, Sendable {
    case scroll(ScrollContent)
    case stack(StackLayoutModel)

    /// The content's natural height in points (what a sheet needs to show it all).
    public var height: Double {
        switch self {
        case let .scroll(scroll): return scroll.contentHeight + scroll.insets.top + scroll.insets.bottom
        case let .stack(model): return model.length
        }
    }
}
