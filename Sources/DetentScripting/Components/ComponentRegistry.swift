/// The components the plugins of one Lua state registered, by name (SPEC §12). Plugins add
/// to it through `detent.register_component`; a plugin that fails to load is forgotten.
struct ComponentRegistry {
    private(set) var definitions: [String: ComponentDefinition] = [:]

    /// Registered names in order, for messages.
    var names: [String] { definitions.keys.sorted() }

    /// Definitions whose handle class the state has (made when the first instance is).
    private(set) var classesMade: Set<String> = []

    mutating func add(_ definition: ComponentDefinition) {
        definitions[definition.name] = definition
    }

    /// Notes that `name`'s handle class is registered; false when it already was.
    mutating func makeClassOnce(_ name: String) -> Bool {
        classesMade.insert(name).inserted
    }

    /// Drops what `plugin` registered (it failed after registering).
    mutating func forget(plugin: String) {
        definitions = definitions.filter { $0.value.plugin != plugin }
    }
}
