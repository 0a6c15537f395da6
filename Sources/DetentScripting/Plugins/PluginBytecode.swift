import DetentLua
import FoundationEssentials
import NIOConcurrencyHelpers

/// Plugin chunks compiled once per process: every spec file's state loads the same plugin
/// files, so each is parsed once and its bytecode (made here, from the file's text — never
/// taken from a file) is loaded by the states after that. One version per path is kept: a
/// daemon that reloads an edited file replaces the old bytecode, so the cache does not grow.
final class PluginBytecode: @unchecked Sendable {
    static let shared = PluginBytecode()

    // A NIOLock (a pthread mutex) rather than Synchronization's Mutex, whose futex
    // ThreadSanitizer does not see.
    private let lock = NIOLock()
    private var compiled: [String: (key: PluginSource.Key, bytes: [UInt8])] = [:]

    /// The bytecode of `source`; throws the syntax error (`LuaError.syntax`) of its text.
    func bytecode(for source: PluginSource) throws -> [UInt8] {
        let key = source.key
        if let hit = lock.withLock({ compiled[source.path] }), hit.key == key { return hit.bytes }
        let bytes = try LuaState.compileTrusted(source.text, chunkName: source.path)
        lock.withLock { compiled[source.path] = (key, bytes) }
        return bytes
    }
}
