/// An item's length along the stack's main axis, in points.
///
/// PinStackView: an item's `width()`/`height()`/`size()` and `grow()` in PinStackView/Classes/PinStackView.swift.
public enum StackMainSize: Equatable, Hashable, Sendable {
    /// Exactly this many points (subject to `shrink` when a `fixed` start/end stack overflows).
    case fixed(Double)
    /// `basis` points plus a share of the free room of a `fixed` start/end stack proportional to
    /// `weight` (PinStackView `calcFixedSEDynamicSize`: extra × grow ÷ total grow, only when extra > 0).
    /// In an `auto` stack the item is `basis` points long (PinStackView ignores grow there); in an
    /// `equal` stack it fills its slot. A plain PinStackView item without its own size has basis 0.
    case grow(Double, basis: Double = 0)

    /// The length, in points, before any free room is shared out.
    public var basis: Double {
        switch self {
        case .fixed(let length): return length
        case .grow(_, let basis): return basis
        }
    }

    /// The grow weight; 0 for a fixed size.
    public var growWeight: Double {
        switch self {
        case .fixed: return 0
        case .grow(let weight, _): return weight
        }
    }
}
