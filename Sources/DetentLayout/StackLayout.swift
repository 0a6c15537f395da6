/// A stack of items laid out along one axis with PinStackView's semantics
/// (lalawue/PinStackView, PinStackView/Classes/PinStackView.swift). A value: laying it out is a
/// pure function of the items, the configuration and the lengths given, all in points.
public struct StackLayout: Equatable, Sendable {
    public var configuration: StackConfiguration
    /// In layout order (first = top or left). Ids must be unique and non-empty.
    public var items: [StackItem]

    public init(_ configuration: StackConfiguration, items: [StackItem] = []) {
        self.configuration = configuration
        self.items = items
    }

    /// Frames of the visible items and the stack's main-axis length.
    ///
    /// - Parameters:
    ///   - crossLength: the stack's cross-axis length in points (its width when vertical, height when horizontal).
    ///   - mainLength: the main-axis length in points for a `fixed` stack, overriding the mode's own
    ///     length (for example when the container resized the stack). An `auto` stack ignores it:
    ///     PinStackView's `layoutAuto` always sets its own length from its content.
    /// - Throws: `StackLayoutError` for a negative, NaN or infinite value, an empty or duplicate id.
    /// - Complexity: O(n) in the number of items.
    public func layout(crossLength: Double, mainLength: Double? = nil) throws -> StackLayoutResult {
        try validate()
        try StackLayout.check(crossLength, owner: "stack", field: "crossLength")
        if let mainLength {
            try StackLayout.check(mainLength, owner: "stack", field: "mainLength")
        }
        return validatedLayout(crossLength: crossLength, mainLength: mainLength)
    }

    /// `layout` for a stack already known to be valid.
    func validatedLayout(crossLength: Double, mainLength: Double?) -> StackLayoutResult {
        let visible = items.filter { !$0.isHidden }
        let plan = mainAxisPlan(visible: visible, mainLength: mainLength)
        var frames: [StackItemFrame] = []
        frames.reserveCapacity(visible.count)
        for (item, main) in zip(visible, plan.spans) {
            let cross = crossSpan(of: item, crossLength: crossLength)
            frames.append(StackItemFrame(id: item.id, frame: configuration.axis.rect(main: main, cross: cross)))
        }
        return StackLayoutResult(frames: frames, length: plan.length, contentLength: plan.contentLength)
    }
}
