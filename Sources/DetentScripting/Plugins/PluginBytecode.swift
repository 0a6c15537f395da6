import DetentLua
import Synchronization

/// Plugin chunks compiled once per process: every spec file's state loads the same plugin
/// files, so each is parsed once and its bytecode (made here, from the file's text — never
/// taken from a file) is loaded by the states after that.
final class PluginBytecode: Sendable {
    static let shared = PluginBytecode()

    private let compiled = Mutex<[PluginSource.Key: [UInt8]]>([:])

    /// The bytecode of `source`; throws the syntax error (`LuaError.syntax`) of its text.
    func bytecode(for source: PluginSource) throws -> [UInt8] {
        let key = source.key
        if let bytes = compiled.withLock({ $0[key] }) { return bytes }
        let bytes = try LuaState.compileTrusted(source.text, chunkName: source.path)
        compiled.withLock { $0[key] = bytes }
        return bytes
    }
}
