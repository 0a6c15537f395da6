import DetentLua
import DetentWorld

extension ComponentDefinition {
    /// Reads and checks the table a plugin passed to `register_component`. Every mistake is a
    /// sentence starting "register_component: '<name>': " (the plugin's load error, at the
    /// line of the call).
    static func read(name: String, plugin: String, from table: LuaTableArgument) throws -> ComponentDefinition {
        let context = "register_component: '\(name)'"
        guard isIdentifier(name) else {
            throw LuaRaise("register_component: a component's name is a Lua identifier (letters, digits, _; it prefixes property names like \(name).offset), got '\(name)'")
        }
        if let unknown = table.keys().first(where: { !keys.contains($0) }) {
            let hint = NameSuggestion.hint(unknown, among: keys)
            throw LuaRaise("\(context): unknown field '\(unknown)' (\(hint)expected: \(keys.joined(separator: ", ")))")
        }
        let properties = try readProperties(table, context: context)
        var frame = ComponentRect()
        if let frameTable = try nestedTable(table, "frame", context: context, shape: "{x =, y =, width =, height =}") {
            frame = try ComponentRect.read(frameTable, context: context + ": frame").rect
        }
        let regions = try readRegions(table, context: context)
        let layer = try readLayer(table, context: context)
        let callbacks = ComponentCallbacks(
            began: try callback(table, "began", "function(self, touch)", context: context),
            moved: try callback(table, "moved", "function(self, touch)", context: context),
            ended: try callback(table, "ended", "function(self, touch)", context: context),
            step: try callback(table, "step", "function(self, dt, time)", context: context),
            layout: try callback(table, "layout", "function(self)", context: context))
        if regions.isEmpty, let touchCallback = ["began", "moved", "ended"].first(where: table.has) {
            throw LuaRaise("\(context): '\(touchCallback)' receives touches, but there are no regions to receive them in (regions = { name = {x =, y =, width =, height =} })")
        }
        let methods = try readMethods(table, properties: properties.map(\.name), context: context)
        return ComponentDefinition(name: name, plugin: plugin, properties: properties, frame: frame, regions: regions,
                                   layer: layer, callbacks: callbacks, methods: methods, events: try readEvents(table, context: context))
    }

    /// `properties = { offset = 0, state = "idle" }`, in name order.
    private static func readProperties(_ table: LuaTableArgument, context: String) throws -> [(name: String, initial: ComponentValue)] {
        guard let list = try nestedTable(table, "properties", context: context, shape: "{ name = initial value, ... }") else { return [] }
        if !(try list.elements()).isEmpty {
            throw LuaRaise("\(context): properties maps names to initial values, like { offset = 0, state = \"idle\" }, not a list")
        }
        var properties: [(name: String, initial: ComponentValue)] = []
        for key in list.keys() {
            guard isIdentifier(key) else { throw LuaRaise("\(context): property names are Lua identifiers, got '\(key)'") }
            guard !reservedNames.contains(key) else {
                throw LuaRaise("\(context): '\(key)' cannot be a property's name (instances use it: \(reservedNames.sorted().joined(separator: ", ")))")
            }
            properties.append((key, try initialValue(list, key, context: context + ": properties")))
        }
        return properties
    }

    /// A property's first value: a finite number, a string or a boolean.
    static func initialValue(_ table: LuaTableArgument, _ key: String, context: String) throws -> ComponentValue {
        switch table.fieldType(key) {
        case .number: return .number(try ComponentField.number(table, key, .finite, context: context)!)
        case .string: return .string(try table.string(key)!)
        case .boolean: return .boolean(try table.boolean(key)!)
        case let other: throw LuaRaise("\(context).\(key): a number, a string or a boolean expected, got \(other)")
        }
    }

    /// `regions = { header = {x =, y =, width =, height =}, ... }`, in name order.
    private static func readRegions(_ table: LuaTableArgument, context: String) throws -> [(name: String, rect: ComponentRect)] {
        guard let list = try nestedTable(table, "regions", context: context, shape: "{ name = {x =, y =, width =, height =}, ... }") else { return [] }
        var regions: [(name: String, rect: ComponentRect)] = []
        for key in list.keys() {
            guard isIdentifier(key) else { throw LuaRaise("\(context): region names are Lua identifiers, got '\(key)'") }
            guard let rect = try nestedTable(list, key, context: context + ": regions", shape: "{x =, y =, width =, height =}") else { continue }
            regions.append((key, try ComponentRect.read(rect, context: context + ": regions.\(key)").rect))
        }
        return regions
    }

    /// `events = { "refresh", "ended" }`, in name order.
    private static func readEvents(_ table: LuaTableArgument, context: String) throws -> [String] {
        guard let list = try nestedTable(table, "events", context: context, shape: "{ \"name\", ... }") else { return [] }
        let names = try list.stringArray()
        for name in names where !isIdentifier(name) {
            throw LuaRaise("\(context): event names are Lua identifiers (the world event is \"\(name).<event>\" of an instance), got '\(name)'")
        }
        return Array(Set(names)).sorted()
    }

    /// `methods = { end_refreshing = function(self) ... end }`, in name order.
    private static func readMethods(_ table: LuaTableArgument, properties: [String], context: String) throws -> [(name: String, function: LuaRef)] {
        guard let list = try nestedTable(table, "methods", context: context, shape: "{ name = function(self, ...) ... end }") else { return [] }
        var methods: [(name: String, function: LuaRef)] = []
        for key in list.keys() {
            guard isIdentifier(key), !reservedNames.contains(key), !properties.contains(key) else {
                throw LuaRaise("\(context): '\(key)' cannot be a method's name (method names are Lua identifiers other than the properties' and \(reservedNames.sorted().joined(separator: ", ")))")
            }
            guard let function = try callback(list, key, "function(self, ...)", context: context, label: "methods.\(key)") else { continue }
            methods.append((key, function))
        }
        return methods
    }

    private static func readLayer(_ table: LuaTableArgument, context: String) throws -> Int {
        let names = layers.map(\.name)
        guard table.has("layer") else { return HitTestLayer.content }
        guard table.fieldType("layer") == .string, let name = try table.string("layer"),
              let layer = layers.first(where: { $0.name == name }) else {
            let got = table.fieldType("layer") == .string ? "'\((try? table.string("layer")) ?? "")'" : "\(table.fieldType("layer"))"
            throw LuaRaise("\(context): layer must be one of: \(names.joined(separator: ", ")) (got \(got))")
        }
        return layer.value
    }

    private static func callback(_ table: LuaTableArgument, _ key: String, _ shape: String, context: String, label: String? = nil) throws -> LuaRef? {
        let type = table.fieldType(key)
        guard type == .nil || type == .function else { throw LuaRaise("\(context): \(label ?? key) must be a \(shape), got \(type)") }
        return try table.function(key)
    }

    /// A field that must be a table when present (nil when absent).
    private static func nestedTable(_ table: LuaTableArgument, _ key: String, context: String, shape: String) throws -> LuaTableArgument? {
        let type = table.fieldType(key)
        if type == .nil { return nil }
        guard type == .table else { throw LuaRaise("\(context): \(key) must be a table \(shape), got \(type)") }
        return try table.table(key)
    }
}
