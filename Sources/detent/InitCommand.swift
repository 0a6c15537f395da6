import ArgumentParser
import DetentPlatform
import DetentScripting
import FoundationEssentials

/// `detent init [DIR]`: a project to start from (issue 26 §3) — a commented detent.toml, an
/// example spec that passes, and LuaLS settings with Detent's type definitions so editors
/// complete `world`, the engines and `assert`. It never overwrites a file unless told to.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a Detent project: detent.toml, spec/example_spec.lua and editor type definitions.",
        discussion: """
            Writes detent.toml, spec/example_spec.lua, .luarc.json (lua-language-server's settings) and \
            .detent/types/*.lua (Detent's type definitions, which .luarc.json names). When any of them exists \
            already, nothing is written and the files are named (exit 2, as for other usage errors); --force replaces them.
            """
    )

    @Argument(help: "The project folder (made if missing; default: the current folder).")
    var folder: String = "."

    @Flag(name: .long, help: "Replace files that exist.")
    var force = false

    /// `path` inside the project folder, as messages show it.
    private func place(_ path: String) -> String { folder == "." ? path : PathText.join(folder, path) }

    func run() throws {
        var files: [(path: String, text: String)] = [
            ("detent.toml", String(decoding: PackageResources.detent_toml, as: UTF8.self)),
            ("spec/example_spec.lua", String(decoding: PackageResources.example_spec_lua, as: UTF8.self)),
            (".luarc.json", String(decoding: PackageResources.luarc_json, as: UTF8.self)),
        ]
        for (name, text) in try TypeDefinitions.files() { files.append((".detent/types/" + name, text)) }
        let existing = files.map { place($0.path) }.filter { FileManager.default.fileExists(atPath: $0) }
        if !existing.isEmpty && !force {
            StandardError.write("detent init: \(existing.joined(separator: ", ")) \(existing.count == 1 ? "exists" : "exist") already; nothing was written (--force replaces \(existing.count == 1 ? "it" : "them"))\n")
            throw ExitCode(2)
        }
        for file in files {
            let path = place(file.path)
            let parent = PathText.parent(of: path)
            if !parent.isEmpty { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            try AtomicFile.write(file.text, to: path)
            StandardOutput.write("wrote \(path)\n")
        }
        let enter = folder == "." ? "" : "  cd \(folder)\n"
        StandardOutput.write("""

            Next:
            \(enter)  detent run              # runs spec/ (the example flicks a drawer); ends "N passed, N failed"
              detent console          # a live world to try things in: world:drawer{ anchors = { "top", "bottom" } }
              detent config           # every setting, and where its value comes from

            """)
    }
}
