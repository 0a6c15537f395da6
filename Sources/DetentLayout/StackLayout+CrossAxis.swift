extension StackLayout {
    /// Where an item sits across the stack, in points.
    ///
    /// The room is the cross length less the stack's cross padding and the item's cross margins.
    /// `alignSelf` overrides the stack's alignment; `stretch` (or a `.stretch` cross size) fills the room;
    /// a fixed size is capped at the room and placed at the start, centre or end of it.
    /// PinStackView: the `switch info._alignSelf ?? alignment` blocks and `calcViewSize`'s cap.
    /// Our decision for `center`: centre within the room. PinStackView pins `vCenter()`/`hCenter()` to the
    /// whole stack and adds only the start margin, which differs when padding or margins are uneven.
    func crossSpan(of item: StackItem, crossLength: Double) -> AxisSpan {
        let axis = configuration.axis
        let start = configuration.padding.crossStart(axis) + item.margins.crossStart(axis)
        let end = configuration.padding.crossEnd(axis) + item.margins.crossEnd(axis)
        let room = max(0, crossLength - start - end)
        let alignment = item.alignSelf ?? configuration.alignment
        guard alignment != .stretch, case .fixed(let fixed) = item.crossSize else {
            return AxisSpan(offset: start, length: room)
        }
        let size = min(fixed, room)
        switch alignment {
        case .start, .stretch:
            return AxisSpan(offset: start, length: size)
        case .center:
            return AxisSpan(offset: start + (room - size) / 2, length: size)
        case .end:
            return AxisSpan(offset: start + room - size, length: size)
        }
    }
}
