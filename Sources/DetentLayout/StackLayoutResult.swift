/// The frame, in points relative to the stack, of one visible item.
public struct StackItemFrame: Equatable, Hashable, Sendable {
    public var id: String
    public var frame: Rect

    public init(id: String, frame: Rect) {
        self.id = id
        self.frame = frame
    }
}

/// The outcome of laying out a stack: a frame per visible item (in item order) and two main-axis lengths in points.
public struct StackLayoutResult: Equatable, Sendable {
    /// Frames of the visible items, in the order of `StackLayout.items`; hidden items have none.
    public var frames: [StackItemFrame]
    /// The stack's main-axis length, in points: the given length of a `fixed` stack, the content length of an `auto` one.
    public var length: Double
    /// Main-axis padding plus the room the visible items take (sizes after grow/shrink, main-axis
    /// margins, spacing; for `equal`, the slots). Larger than `length` when a `fixed` stack overflows.
    public var contentLength: Double

    public init(frames: [StackItemFrame], length: Double, contentLength: Double) {
        self.frames = frames
        self.length = length
        self.contentLength = contentLength
    }

    /// The frame of the item with this id, or nil when it is hidden or absent.
    public func frame(of id: String) -> Rect? {
        frames.first { $0.id == id }?.frame
    }
}
