import DetentLayout
import DetentWorld

/// What `World.touchTargets` promises, checked against the world's own hit-testing: each
/// target's point lies in its frame, and a touch there or just inside the frame's corners
/// goes to that very part.
public enum TouchTargetChecks {
    /// The ways the targets of the engine `name` (parts `name.…`) break that promise, each a
    /// sentence; empty when they keep it.
    public static func misses(in world: World, engine name: String) -> [String] {
        var misses: [String] = []
        for target in world.touchTargets where target.part.hasPrefix(name + ".") {
            let f = target.frame, p = target.point
            if !(f.x <= p.x && p.x <= f.x + f.width && f.y <= p.y && p.y <= f.y + f.height) {
                misses.append("\(target.part): its point \(p) lies outside its frame \(f)")
            }
            for point in [p, Point(x: f.x + 0.5, y: f.y + 0.5), Point(x: f.x + f.width - 0.5, y: f.y + f.height - 0.5)] {
                let claim = world.touches.hitTest(point, in: world).map { name + "." + $0.1.part }
                if claim != target.part { misses.append("\(target.part): a touch at \(point) goes to \(claim ?? "nothing")") }
            }
        }
        return misses
    }
}
