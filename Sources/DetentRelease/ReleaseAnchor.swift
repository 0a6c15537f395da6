/// A place a released container can come to rest (SPEC §6): an origin — the y of the
/// container's top, window points, y down — with a name. A drawer's anchors and a sheet's
/// detents (by their tops) are both release anchors.
public struct ReleaseAnchor: Equatable, Sendable {
    public var name: String
    /// y of the container's top, points.
    public var origin: Double

    public init(name: String, origin: Double) {
        self.name = name
        self.origin = origin
    }
}
