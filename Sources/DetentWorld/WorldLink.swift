/// A reference to a world that neither keeps it alive nor outlives it unnoticed: `world` is
/// the world until the world's deinit, nil after — what a `weak` reference gives, for things
/// a world holds that must not hold it back (a drawer re-resolving its anchors between ticks).
///
/// Why not `weak`: the first weak reference to an object moves its reference counts into a
/// side table, and every retain and release of it takes the runtime's slow path from then on.
/// A world is retained and released several times a tick (the run loop, the scheduler, the
/// engines' calls), so one weak reference cost the busy world ~130 instructions a frame
/// (BENCHMARKS.md, "The busy world, issue 29 once more").
public final class WorldLink {
    /// The world, until its deinit clears it (the world's owner queue is the only one to read
    /// it, so no read can race the clearing).
    public internal(set) unowned(unsafe) var world: World?

    init() {}
}
