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
        let entries = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let chunks = entries.map { lua.appending(path: $0 + ".lua") }
        let output = context.pluginWorkDirectoryURL.appending(path: "PreludeBytecode.swift")
        return [.buildCommand(
            displayName: "Compiling the Lua prelude of \(target.name)",
            executable: try context.tool(named: "DetentPreludeCompiler").url,
            arguments: [output.path] + chunks.map(\.path),
            inputFiles: [manifest] + chunks,
            outputFiles: [output]
        )]
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
}
