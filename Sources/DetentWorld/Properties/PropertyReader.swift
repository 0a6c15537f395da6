/// One world property as a trace reads it every frame (`World.reader(for:)`): from its
/// engine by index when the engine numbers it — no string built or parsed per frame — else
/// by name, as `World.property(_:)` reads it.
public struct PropertyReader {
    public let name: String
    let engine: WorldEngine?
    let index: Int

    /// The value now; nil when no engine has the property this frame.
    public func read(in world: World) -> Double? {
        if let engine, let value = engine.property(at: index) { return value }
        return world.property(name)
    }
}
