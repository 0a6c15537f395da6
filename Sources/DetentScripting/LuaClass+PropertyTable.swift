import DetentLua
import DetentWorld

extension LuaClass {
    /// Declares every property of an engine's table as a field (read-only: a writable one
    /// gets its setter with `setter(_:_:)`). Numbers are pushed straight from the engine
    /// (integers as Lua integers); other values through `PropertyValue`.
    func fields(from table: PropertyTable<Object>) {
        for property in table.properties {
            if property.readsAsNumber, let number = property.number {
                numberField(property.name, property.type, unit: property.unit, property.doc, read: number)
            } else {
                field(property.name, property.type, unit: property.unit, property.doc) { engine, call in
                    call.push(LuaValue(property.value(of: engine)))
                }
            }
        }
    }
}

extension LuaValue {
    /// The Lua form of an engine's property value.
    init(_ value: PropertyValue) {
        switch value {
        case .none: self = .nil
        case let .number(number): self = .number(number)
        case let .string(text): self = .string(text)
        case let .boolean(flag): self = .boolean(flag)
        case let .list(items): self = .array(items.map(LuaValue.init))
        case let .record(fields): self = .record(fields.map { ($0.name, LuaValue($0.value)) })
        }
    }
}
