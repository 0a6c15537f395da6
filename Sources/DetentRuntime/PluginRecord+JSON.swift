import DetentScripting
import DetentJSON

extension PluginRecord {
    /// A loaded plugin as `detent plugins --json` and the daemon's `plugins` method list it:
    /// name, version, file and what it registered, by kind in `ScriptHost.pluginKinds` order, and
    /// each invariant's tags (an empty list: it covers every test).
    public var json: JSONValue {
        .object([
            ("name", .string(name)), ("version", .string(version)), ("file", .string(file)),
            ("registered", .object(ScriptHost.pluginKinds.map { kind in (kind, .array((registered[kind] ?? []).map { .string($0) })) })),
            ("invariant_tags", .object((registered["invariant"] ?? []).map { name in
                (name, .array((invariantTags[name] ?? []).map { .string($0) }))
            })),
        ])
    }
}
