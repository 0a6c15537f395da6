/// An engine's properties in declaration order, with its traced numbers numbered for reads
/// by index (`WorldEngine.property(at:)`).
public struct PropertyTable<Engine: AnyObject>: Sendable {
    public let properties: [EngineProperty<Engine>]
    /// The traced properties, in declaration order: index i is `property(at: i)`.
    public let traced: [EngineProperty<Engine>]
    private let tracedIndex: [String: Int]

    public init(_ properties: [EngineProperty<Engine>]) {
        var seen: Set<String> = []
        for property in properties { precondition(seen.insert(property.name).inserted, "property '\(property.name)' is declared twice") }
        self.properties = properties
        traced = properties.filter(\.isTraced)
        tracedIndex = Dictionary(uniqueKeysWithValues: traced.enumerated().map { ($0.element.name, $0.offset) })
    }

    /// The index of traced property `key` (the part after "<engine>.").
    public func index(ofTraced key: Substring) -> Int? { tracedIndex[String(key)] }
}

/// An engine whose script-visible properties are one `PropertyTable`: its world properties
/// (`propertyNames`, `property(_:)`, `appendStateValues`, reads by index) come from the
/// table's traced numbers, so a new property is one line in the table.
public protocol TabulatedEngine: WorldEngine {
    static var properties: PropertyTable<Self> { get }
    /// The last part of every world property name an engine of this kind may have ("origin"
    /// of "drawer.origin", "content_top" of "navigation.screen.list.content_top"): how a
    /// `trace{}` of an engine not made yet is told from a misspelt name.
    static var propertyKeys: [String] { get }
}

extension TabulatedEngine {
    public static var propertyKeys: [String] { properties.traced.map(\.name) }

    public var propertyNames: [String] { Self.properties.traced.map { "\(name).\($0.name)" } }

    public func property(_ fullName: String) -> Double? {
        guard let key = World.key(of: fullName, in: name) else { return nil }
        return tracedProperty(key)
    }

    /// The table's traced number `key` ("origin" of "drawer.origin"), or nil when the table
    /// traces no such name: what `property(_:)` reads, for engines that read more names.
    public func tracedProperty(_ key: Substring) -> Double? {
        guard let index = Self.properties.index(ofTraced: key) else { return nil }
        return Self.properties.traced[index].number!(self)
    }

    public func appendStateValues(to values: inout [Double?]) {
        for property in Self.properties.traced { values.append(property.number!(self)) }
    }

    public func propertyIndex(ofName fullName: String) -> Int? {
        World.key(of: fullName, in: name).flatMap(Self.properties.index(ofTraced:))
    }

    public func property(at index: Int) -> Double? { Self.properties.traced[index].number!(self) }

}
