/// Where the visible items go along the main axis, and the stack's resulting lengths (points).
struct MainAxisPlan {
    /// One per visible item, in order.
    var spans: [AxisSpan]
    var length: Double
    var contentLength: Double
}

extension StackLayout {
    func mainAxisPlan(visible: [StackItem], mainLength: Double?) -> MainAxisPlan {
        let axis = configuration.axis
        let paddingStart = configuration.padding.mainStart(axis)
        let paddingEnd = configuration.padding.mainEnd(axis)
        switch configuration.sizeMode {
        case .auto:
            // PinStackView `layoutAuto`/`autoStartEnd`: packed from the start, grow ignored, and the
            // stack's length becomes padding + items + margins + spacing.
            let lengths = visible.map { $0.mainSize.basis }
            let used = occupiedLength(visible, lengths)
            let content = paddingStart + used + paddingEnd
            return MainAxisPlan(spans: pack(visible, lengths, from: paddingStart), length: content, contentLength: content)
        case .fixed(let fixedLength):
            let length = mainLength ?? fixedLength
            // Our decision: a stack shorter than its padding lays out in 0 points of room rather than a
            // negative one (PinStackView does not guard this).
            let room = max(0, length - paddingStart - paddingEnd)
            if configuration.distribution == .equal {
                return equalPlan(visible, room: room, length: length, paddingStart: paddingStart, paddingEnd: paddingEnd)
            }
            let lengths = flexedLengths(visible, room: room)
            let used = occupiedLength(visible, lengths)
            // PinStackView `fixedSEApply`: `.end` packs the reversed items back from the inner end, which
            // is the same as packing in order from (end − used). Overflow runs past the far edge:
            // off the end for `.start`, before the start (negative offsets) for `.end`; nothing clips.
            let start = configuration.distribution == .start ? paddingStart : paddingStart + room - used
            return MainAxisPlan(
                spans: pack(visible, lengths, from: start),
                length: length,
                contentLength: paddingStart + used + paddingEnd
            )
        }
    }

    /// Main-axis lengths after grow or shrink (PinStackView `fixedStartEnd` + `calcFixedSEDynamicSize`):
    /// free room (> 0) goes to grow items by weight; an overflow (< 0) is taken from shrink items by
    /// weight. Without such items lengths stay as they are and the items overflow.
    private func flexedLengths(_ visible: [StackItem], room: Double) -> [Double] {
        var lengths = visible.map { $0.mainSize.basis }
        let free = room - occupiedLength(visible, lengths)
        if free > 0 {
            let totalGrow = visible.reduce(0) { $0 + $1.mainSize.growWeight }
            guard totalGrow > 0 else { return lengths }
            for index in visible.indices {
                lengths[index] += free * visible[index].mainSize.growWeight / totalGrow
            }
        } else if free < 0 {
            let totalShrink = visible.reduce(0) { $0 + $1.shrink }
            guard totalShrink > 0 else { return lengths }
            for index in visible.indices {
                // Our decision: never below 0 points (PinStackView lets a length go negative).
                lengths[index] = max(0, lengths[index] + free * visible[index].shrink / totalShrink)
            }
        }
        return lengths
    }

    /// PinStackView `fixedEqual`: unit = (room − spacing × (n − 1)) ÷ n per item. A fixed-size item keeps
    /// its size capped at the slot (`calcViewSize` caps at the unit) and is centred in it; a grow item fills
    /// it, as a PinStackView view with no size of its own does. Our decisions: the slot is never negative,
    /// and main-axis margins are taken out of the slot before centring (PinStackView centres in the whole
    /// slot and then shifts by the full start − end margin difference).
    private func equalPlan(
        _ visible: [StackItem], room: Double, length: Double, paddingStart: Double, paddingEnd: Double
    ) -> MainAxisPlan {
        let axis = configuration.axis
        let count = Double(visible.count)
        let gaps = configuration.spacing * max(0, count - 1)
        let slot = visible.isEmpty ? 0 : max(0, (room - gaps) / count)
        var spans: [AxisSpan] = []
        for (index, item) in visible.enumerated() {
            let slotStart = paddingStart + Double(index) * (slot + configuration.spacing)
            let marginStart = item.margins.mainStart(axis)
            let itemRoom = max(0, slot - marginStart - item.margins.mainEnd(axis))
            let itemLength: Double
            switch item.mainSize {
            case .fixed(let fixed): itemLength = min(fixed, itemRoom)
            case .grow: itemLength = itemRoom
            }
            spans.append(AxisSpan(offset: slotStart + marginStart + (itemRoom - itemLength) / 2, length: itemLength))
        }
        return MainAxisPlan(spans: spans, length: length, contentLength: paddingStart + slot * count + gaps + paddingEnd)
    }

    /// Items with their main-axis margins and the spacing between them, in points.
    private func occupiedLength(_ visible: [StackItem], _ lengths: [Double]) -> Double {
        let axis = configuration.axis
        var total = configuration.spacing * Double(max(0, visible.count - 1))
        for (item, length) in zip(visible, lengths) {
            total += item.margins.mainStart(axis) + length + item.margins.mainEnd(axis)
        }
        return total
    }

    /// Places items one after another from `start`: margin, item, margin, spacing, …
    private func pack(_ visible: [StackItem], _ lengths: [Double], from start: Double) -> [AxisSpan] {
        let axis = configuration.axis
        var cursor = start
        var spans: [AxisSpan] = []
        spans.reserveCapacity(visible.count)
        for (item, length) in zip(visible, lengths) {
            let offset = cursor + item.margins.mainStart(axis)
            spans.append(AxisSpan(offset: offset, length: length))
            cursor = offset + length + item.margins.mainEnd(axis) + configuration.spacing
        }
        return spans
    }
}
