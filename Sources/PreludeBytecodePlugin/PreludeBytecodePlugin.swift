import Foundation
import PackagePlugin

/// Compiles DetentScripting's Lua prelude (the chunks `Lua/prelude.txt` lists) to bytecode at
/// build time with `detent-prelude-compiler`, into a Swift file the target compiles:
/// `PreludeBytecode.chunks`. The manifest and every chunk are inputs, so editing one rebuilds it.
@main
struct PreludeBytecodePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        guard let manifest = target.sourceFiles.first(where: { $0.url.path.hasSuffix("/Lua/prelude.txt") })?.url else {
            throw PluginError(description: "\(target.name) has no Lua/prelude.txt")
        }
        let lua = manifest.deletingLastPathComponent()
        let hostManifest = lua.appending(path: "host.txt")
        let chunks = try lines(manifest).map { lua.appending(path: $0 + ".lua") }
        // host.txt: a file and its chunk name on each line.
        let host = try lines(hostManifest).map { line -> (file: URL, chunkName: String) in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2 else { throw PluginError(description: "\(hostManifest.path): expected a file and a chunk name in \"\(line)\"") }
            return (lua.appending(path: words[0] + ".lua"), words.dropFirst().joined(separator: " "))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "PreludeBytecode.swift")
        return [.buildCommand(
            displayName: "Compiling the Lua prelude of \(target.name)",
            executable: try context.tool(named: "DetentPreludeCompiler").url,
            arguments: [output.path] + chunks.map(\.path) + ["--host"] + host.flatMap { [$0.file.path, $0.chunkName] },
            inputFiles: [manifest, hostManifest] + chunks + host.map(\.file),
            outputFiles: [output]
        )]
    }

    /// A manifest's entries: its lines without comments and blank lines, trimmed.
    private func lines(_ manifest: URL) throws -> [String] {
        try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
}
