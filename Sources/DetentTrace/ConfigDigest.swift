import DetentPlatform
import DetentConfig
/// A stable hash of a loaded configuration, for trace headers: two runs with the same config
/// files get the same digest whatever process, folder or platform loads them, and a changed
/// number changes it. The config's values are written out in declaration order (dictionaries
/// and sets sorted, Swift's own hashing being seeded per process), then hashed with FNV-1a 64.
package enum ConfigDigest {
    /// Fields that say where the config came from, or how a run is guarded from outside (its
    /// worker processes' wall-clock and address-space limits), not what it computes.
    private static let locationFields: Set<String> = ["source", "daemon", "lua", "pluginFolder", "testTimeoutSeconds",
                                                      "workerMemoryBytes"]

    package static func of(_ configuration: DetentConfiguration) -> String {
        var text = ""
        write(configuration, into: &text)
        let hash = fnv1a(text)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func write(_ value: Any, into text: inout String) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary, .set:
            var entries: [String] = []
            for child in mirror.children {
                var entry = ""
                write(child.value, into: &entry)
                entries.append(entry)
            }
            text += "{" + entries.sorted().joined(separator: ",") + "}"
        case .optional:
            if let some = mirror.children.first { write(some.value, into: &text) } else { text += "nil" }
        case .struct, .class, .tuple, .collection, .enum:
            if mirror.children.isEmpty {
                text += String(describing: value)
                return
            }
            text += "\(mirror.subjectType)("
            for child in mirror.children where !locationFields.contains(child.label ?? "") {
                text += (child.label ?? "") + ":"
                write(child.value, into: &text)
                text += ";"
            }
            text += ")"
        default:
            text += String(describing: value)
        }
    }
}
