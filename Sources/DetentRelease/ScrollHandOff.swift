/// The scroll hand-off of the seed article (SPEC §6), shared by the drawer and the sheet: for
/// one finger movement on a scroll view inside a container that moves vertically, whether the
/// container or the content moves — never both. Points, y down.
public enum ScrollHandOff {
    /// What one movement moves.
    public enum Move: Equatable, Sendable {
        /// The container's origin (the drawer's or sheet's top) goes here; the content keeps its offset.
        case container(origin: Double)
        /// The content's offset goes here; the container stays.
        case content(offset: Double)
    }

    /// The move for a finger movement of `dy` points (positive: down). The content would scroll
    /// to offset − dy; with diff = previous offset − new offset:
    /// - diff < 0, new offset > content top and origin > lower: the container moves up by the
    ///   drag (clamped at `lower`, never rubber-banded) and the content keeps its offset;
    /// - diff > 0, new offset < content top and origin < upper: the container moves down
    ///   (clamped at `upper`) — but a content scrolled past its top first comes back to it, and
    ///   that movement's remainder is absorbed, so origin and offset never both move;
    /// - otherwise the content scrolls, and never past its top while pulled down.
    /// The caller applies the result in one place, so its own correction is never fed back
    /// into the rule (the seed unsubscribes from the scroll view for the same reason).
    public static func move(dy: Double, offset previous: Double, contentTop top: Double,
                            origin: Double, limits: ClosedRange<Double>) -> Move {
        let proposed = previous - dy
        let diff = previous - proposed
        if diff < 0, proposed > top, origin > limits.lowerBound {
            return .container(origin: max(limits.lowerBound, origin + diff))
        }
        if diff > 0, proposed < top, origin < limits.upperBound {
            return previous != top ? .content(offset: top) : .container(origin: min(limits.upperBound, origin + diff))
        }
        if diff > 0, proposed < top {
            return .content(offset: previous > top ? top : previous)
        }
        return .content(offset: proposed)
    }

    /// Whether a content drag released at `origin` leaves the container where it is and lets
    /// the content keep the gesture (its momentum), rather than releasing the container with
    /// the finger's velocity (SPEC §6: only an origin strictly inside the limits settles).
    /// `restingOrigins` are the origins where the container stays — the limits for a drawer,
    /// the largest detent's top for a sheet — matched within `tolerance` points.
    public static func contentKeepsGesture(origin: Double, restingOrigins: [Double], tolerance: Double = 0) -> Bool {
        restingOrigins.contains { abs($0 - origin) <= tolerance }
    }
}
