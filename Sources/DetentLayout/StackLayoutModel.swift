/// A stack whose items change over time, reporting when its main-axis length (points) changes.
///
/// Each change is validated first; a change that throws leaves the model as it was. In `auto` mode a change
/// that alters the stack's length returns `.sizeChanged(old:new:)` and appends it to `events`; a change that
/// leaves the length as it was reports nothing, and a `fixed` stack never reports (its length is given).
/// PinStackView: `addItem`/`insertItem`/`removeItem` and the `isHidden`/`bounds` KVO all `markDirty()`, and
/// `layoutCallback(view, true)` fires when the relayout changed the stack's frame (PinStackView/Classes/PinStackView.swift).
/// No time or animation: whoever consumes the events animates between layouts.
public struct StackLayoutModel: Equatable, Sendable {
    public private(set) var stack: StackLayout
    /// The stack's current main-axis length, in points.
    public private(set) var length: Double
    /// Events not yet drained, oldest first.
    public private(set) var events: [StackLayoutEvent] = []

    /// - Throws: `StackLayoutError` when the stack is invalid.
    public init(_ stack: StackLayout) throws {
        try stack.validate()
        self.stack = stack
        self.length = stack.validatedLayout(crossLength: 0, mainLength: nil).length
    }

    public var items: [StackItem] { stack.items }

    /// The current frames for a stack `crossLength` points across.
    public func layout(crossLength: Double) throws -> StackLayoutResult {
        try stack.layout(crossLength: crossLength)
    }

    /// Inserts `item` at `index` (default: after the last item).
    @discardableResult
    public mutating func add(_ item: StackItem, at index: Int? = nil) throws -> StackLayoutEvent? {
        let position = index ?? stack.items.count
        guard (0...stack.items.count).contains(position) else {
            throw StackLayoutError.indexOutOfRange(index: position, count: stack.items.count)
        }
        var next = stack
        next.items.insert(item, at: position)
        return try commit(next)
    }

    /// Removes the item with this id.
    @discardableResult
    public mutating func remove(id: String) throws -> StackLayoutEvent? {
        var next = stack
        next.items.remove(at: try index(of: id))
        return try commit(next)
    }

    /// Gives the item with this id a new main-axis size.
    @discardableResult
    public mutating func resize(id: String, to mainSize: StackMainSize) throws -> StackLayoutEvent? {
        var next = stack
        next.items[try index(of: id)].mainSize = mainSize
        return try commit(next)
    }

    /// Hides or shows the item with this id; a hidden item takes no room.
    @discardableResult
    public mutating func setHidden(id: String, _ hidden: Bool) throws -> StackLayoutEvent? {
        var next = stack
        next.items[try index(of: id)].isHidden = hidden
        return try commit(next)
    }

    /// Returns the recorded events and clears them.
    public mutating func drainEvents() -> [StackLayoutEvent] {
        defer { events.removeAll() }
        return events
    }

    private func index(of id: String) throws -> Int {
        guard let index = stack.items.firstIndex(where: { $0.id == id }) else {
            throw StackLayoutError.unknownID(id)
        }
        return index
    }

    /// Validates `next`, adopts it, and reports a length change.
    private mutating func commit(_ next: StackLayout) throws -> StackLayoutEvent? {
        try next.validate()
        // The main-axis length never depends on the cross length, so 0 will do here.
        let newLength = next.validatedLayout(crossLength: 0, mainLength: nil).length
        let oldLength = length
        stack = next
        length = newLength
        guard newLength != oldLength else { return nil }
        let event = StackLayoutEvent.sizeChanged(old: oldLength, new: newLength)
        events.append(event)
        return event
    }
}
