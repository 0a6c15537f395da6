/// One world property as a trace reads it every frame (`World.reader(for:)`): from its
/// engine by index when the engine numbers it — no string built or parsed per frame — else
/// by name, as `World.property(_:)` reads it.
public struct PropertyReader {
    public let name: String
    /// The engine that numbers the property (nil: read by name) and its type's calls, held
    /// strongly so that the unretained path below stays valid for as long as the reader.
    let engine: WorldEngine?
    private let engineCalls: EngineCalls?
    let index: Int
    /// The same two, unretained: a read through them retains nothing, where a call on the
    /// existential retained and released the engine around it (twice a frame for a trace of
    /// two properties).
    private let unretainedEngine: Unmanaged<AnyObject>?
    private let calls: Unmanaged<EngineCalls>?

    init(name: String, engine: WorldEngine?, calls: EngineCalls?, index: Int) {
        self.name = name
        self.engine = engine
        engineCalls = calls
        self.index = index
        unretainedEngine = engine.map { .passUnretained($0) }
        self.calls = calls.map { .passUnretained($0) }
    }

    /// The value now; nil when no engine has the property this frame.
    public func read(in world: World) -> Double? {
        withUnsafePointer(to: self) { PropertyReader.read($0, in: world) }
    }

    /// The value now of the reader at `reader`, read in place: only its unretained fields are
    /// loaded (a copy of the reader retained its name and both of its objects).
    static func read(_ reader: UnsafePointer<PropertyReader>, in world: World) -> Double? {
        if let calls = reader.pointee.calls, let engine = reader.pointee.unretainedEngine {
            let index = reader.pointee.index
            if let value = calls._withUnsafeGuaranteedRef({ calls in engine._withUnsafeGuaranteedRef { calls.property($0, at: index) } }) {
                return value
            }
        }
        return world.property(reader.pointee.name)
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
            guard let first = readers.baseAddress else { return }
            for i in readers.indices { values[i].append(PropertyReader.read(first + i, in: world)) }
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
