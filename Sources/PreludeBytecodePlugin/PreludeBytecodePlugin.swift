import Foundation
import PackagePlugin

/// Compiles a target's Lua to bytecode at build time with `detent-prelude-compiler`, into a
/// Swift file the target compiles: `PreludeBytecode.chunks`, the prelude (the chunks
/// `Lua/prelude.txt` lists: DetentScripting's), and `PreludeBytecode.hostChunks`, chunks the
/// host runs under names of their own (`Lua/host.txt`: a file and its chunk name a line).
/// A target has either manifest or both. The manifests and every chunk are inputs, so editing
/// one rebuilds it.
@main
struct PreludeBytecodePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let manifests = target.sourceFiles.map(\.url).filter { $0.path.hasSuffix("/Lua/prelude.txt") || $0.path.hasSuffix("/Lua/host.txt") }
        guard let lua = manifests.first?.deletingLastPathComponent() else {
            throw PluginError(description: "\(target.name) has neither Lua/prelude.txt nor Lua/host.txt")
        }
        let manifest = lua.appending(path: "prelude.txt")
        let hostManifest = lua.appending(path: "host.txt")
        let chunks = try lines(manifest, in: manifests).map { lua.appending(path: $0 + ".lua") }
        let host = try lines(hostManifest, in: manifests).map { line -> (file: URL, chunkName: String) in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2 else { throw PluginError(description: "\(hostManifest.path): expected a file and a chunk name in \"\(line)\"") }
            return (lua.appending(path: words[0] + ".lua"), words.dropFirst().joined(separator: " "))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "PreludeBytecode.swift")
        return [.buildCommand(
            displayName: "Compiling the Lua of \(target.name)",
            executable: try context.tool(named: "DetentPreludeCompiler").url,
            arguments: [output.path] + chunks.map(\.path) + ["--host"] + host.flatMap { [$0.file.path, $0.chunkName] },
            inputFiles: manifests + chunks + host.map(\.file),
            outputFiles: [output]
        )]
    }

    /// A manifest's entries: its lines without comments and blank lines, trimmed; none when the
    /// target has no such manifest (`present`).
    private func lines(_ manifest: URL, in present: [URL]) throws -> [String] {
        guard present.contains(where: { $0.standardizedFileURL == manifest.standardizedFileURL }) else { return [] }
        return try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
}
