import Foundation
import PackagePlugin

/// Compiles DetentScripting's Lua prelude (`Lua/prelude.txt` and the chunks it lists) to
/// bytecode at build time with `detent-prelude-compiler`, into a Swift file the target
/// compiles: `PreludeBytecode.chunks`. Every chunk is an input, so editing one rebuilds it.
@main
struct PreludeBytecodePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let lua = URL(fileURLWithPath: target.directory.string).appending(path: "Lua")
        let manifest = lua.appending(path: "prelude.txt")
        let entries = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let output = context.pluginWorkDirectoryURL.appending(path: "PreludeBytecode.swift")
        return [.buildCommand(
            displayName: "Compiling the Lua prelude of \(target.name)",
            executable: try context.tool(named: "DetentPreludeCompiler").url,
            arguments: [output.path, manifest.path],
            inputFiles: [manifest] + entries.map { lua.appending(path: $0 + ".lua") },
            outputFiles: [output]
        )]
    }
}
