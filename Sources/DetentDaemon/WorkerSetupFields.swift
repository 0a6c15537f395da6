import DetentDaemonClient
import DetentRuntime
import DetentScripting
import DetentJSON
import DetentConfig

/// The parts of a daemon worker's setup line that every kind of worker carries: where the
/// daemon's configuration is read from, and the plugins the daemon has loaded (their text,
/// so a later `reload` changes nothing a started worker runs).
enum WorkerSetupFields {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func json(_ location: ConfigLocation) -> JSONValue {
        var fields: [(String, JSONValue)] = [("working_directory", .string(location.workingDirectory)),
                                             ("discovers_project_file", .bool(location.discoversProjectFile)),
                                             ("busted_task", .string(location.bustedTask))]
        if let explicit = location.explicit { fields.append(("explicit", .string(explicit))) }
        if let environment = location.environment { fields.append(("environment", .string(environment))) }
        return .object(fields)
    }

    static func location(_ value: JSONValue?) throws -> ConfigLocation {
        guard let value, let directory = value["working_directory"]?.stringValue else {
            throw Malformed(description: "worker setup: 'location' missing")
        }
        var location = ConfigLocation(explicit: value["explicit"]?.stringValue, environment: value["environment"]?.stringValue,
                                      workingDirectory: directory)
        location.discoversProjectFile = value["discovers_project_file"]?.boolValue ?? true
        location.bustedTask = value["busted_task"]?.stringValue ?? "default"
        return location
    }

    static func json(_ plugins: [PluginSource]) -> JSONValue {
        .array(plugins.map { .object([("path", .string($0.path)), ("text", .string($0.text))]) })
    }

    static func plugins(_ value: JSONValue?) throws -> [PluginSource] {
        try (value?.arrayValue ?? []).map { plugin in
            guard let path = plugin["path"]?.stringValue, let text = plugin["text"]?.stringValue else {
                throw Malformed(description: "worker setup: a plugin without 'path' or 'text'")
            }
            return PluginSource(path: path, text: text)
        }
    }
}
