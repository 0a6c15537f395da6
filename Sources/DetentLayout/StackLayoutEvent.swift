/// Something a `StackLayoutModel` reports after a change.
///
/// PinStackView reports size changes through `layoutCallback(view, sizeChanged)` after each layout,
/// with `true` when its frame changed — which only an `auto` stack does to itself (`layoutAuto`).
public enum StackLayoutEvent: Equatable, Hashable, Sendable {
    /// The stack's main-axis length changed from `old` to `new` points (only in `auto` mode).
    case sizeChanged(old: Double, new: Double)
}
