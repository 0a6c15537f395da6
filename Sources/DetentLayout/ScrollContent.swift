/// A scroll view's state, in points (UIScrollView: contentSize.height, contentOffset.y,
/// contentInset).
public struct ScrollContent: Equatable, Sendable {
    public var contentHeight: Double
    public var offset: Double
    public var insets: Insets
    public init(contentHeight: Double, offset: Double = 0, insets: Insets = .zero) {
        self.contentHeight = contentHeight
        self.offset = offset
        self.insets = insets
    }
}
