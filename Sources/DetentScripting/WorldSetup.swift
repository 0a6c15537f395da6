import DetentWorld

/// What a world factory makes for `detent.world{...}` (and for each test's default world):
/// the world, and the defaults the engines a script creates in it start from. The host takes
/// both at once (`ScriptHost.setWorld(_:)`), so a world's overrides end with that world.
public struct WorldSetup {
    public var world: World
    public var defaults: EngineDefaults

    public init(world: World, defaults: EngineDefaults = EngineDefaults()) {
        self.world = world
        self.defaults = defaults
    }
}
