/// The two ends of a push or pop under way — the outgoing and incoming screens' bar heights
/// and content heights as they are now, points — its eased progress, and which transition it
/// is. A container that sizes itself to its content (a sheet) caps each end before blending,
/// so content taller than the container never makes it jump, and compares the ends frame to
/// frame to tell content that changed mid-transition from the progress moving.
public struct TransitionEnds: Equatable, Sendable {
    /// The outgoing screen's bar height (0 when it hides the bar), points.
    public var fromBar: Double
    /// The outgoing screen's content height now, points.
    public var fromContent: Double
    /// The incoming screen's bar height as it will rest (0 when hidden), points.
    public var toBar: Double
    /// The incoming screen's content height now, points.
    public var toContent: Double
    /// Eased progress in [0, 1].
    public var progress: Double
    /// Counts the engine's transitions from 1: a different number is a different transition.
    public var number: Int
}
