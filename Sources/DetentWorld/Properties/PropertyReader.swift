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

/// Names a sampler reads every frame (a trace, a live session's subscription), resolved to
/// readers in one world (`World.reader(for:)`) and again only when that world gains an
/// engine. A sampler that moves to another world calls `forget()` first.
public struct PropertyReaders {
    public let names: [String]
    private var readers: [PropertyReader] = []
    /// The world's `engineCount` the readers were made for; -1 before the first.
    private var engineCount = -1

    public init(_ names: [String]) {
        self.names = names
    }

    /// Each name's value in `world` now, in order.
    public mutating func values(in world: World) -> [Double?] {
        resolve(in: world)
        return readers.map { $0.read(in: world) }
    }

    /// Appends each name's value in `world` now to `values[i]` (a trace's columns; a mutating
    /// call, so the readers are read in place, not copied, every frame).
    public mutating func append(in world: World, to values: inout [[Double?]]) {
        resolve(in: world)
        // Read through the buffer: indexing the array copied each reader (its name and engine
        // retained and released) every frame.
        readers.withUnsafeBufferPointer { readers in
            for i in readers.indices { values[i].append(readers[i].read(in: world)) }
        }
    }

    /// Drops the readers: the next read makes them again.
    public mutating func forget() {
        engineCount = -1
    }

    /// Makes the readers, unless they were made for `world`'s engines as they are.
    private mutating func resolve(in world: World) {
        guard engineCount != world.engineCount else { return }
        readers = names.map(world.reader(for:))
        engineCount = world.engineCount
    }
}
