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
            already, nothing is written and the files are named (exit 2, as for other usage errors); --force replaces them. \
            --examples also copies the examples installed with detent (PREFIX/share/detent/examples): the bundled \
            plugins into scripts/plugins, their specs into spec/plugins, scripts/examples/hello_world.lua and the \
            daemon's example clients into examples/clients.
            """
    )

    @Argument(help: "The project folder (made if missing; default: the current folder).")
    var folder: String = "."

    @Flag(name: .long, help: "Replace files that exist.")
    var force = false

    @Flag(name: .long, help: "Also copy the installed examples: the bundled plugins with their specs, hello_world.lua, the daemon's clients.")
    var examples = false

    /// `path` inside the project folder, as messages show it.
    private func place(_ path: String) -> String { folder == "." ? path : PathText.join(folder, path) }

    func run() throws {
        var files: [(path: String, text: String, executable: Bool)] = [
            ("detent.toml", String(decoding: PackageResources.detent_toml, as: UTF8.self), false),
            ("spec/example_spec.lua", String(decoding: PackageResources.example_spec_lua, as: UTF8.self), false),
            (".luarc.json", String(decoding: PackageResources.luarc_json, as: UTF8.self), false),
        ]
        for (name, text) in try TypeDefinitions.files() { files.append((".detent/types/" + name, text, false)) }
        if examples {
            let folder = InstalledExamples.folder()
            do {
                for file in try InstalledExamples.files(in: folder) {
                    let data = try Data(contentsOf: URL(fileURLWithPath: PathText.join(folder, file.path)))
                    files.append((file.path, String(decoding: data, as: UTF8.self), file.executable))
                }
            } catch {
                StandardError.write("detent init --examples: \(error)\n")
                throw ExitCode(2)
            }
        }
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
            if file.executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
            StandardOutput.write("wrote \(path)\n")
        }
        let enter = folder == "." ? "" : "  cd \(folder)\n"
        StandardOutput.write("""

            Next:
            \(enter)  detent run              # runs spec/ (the example flicks a drawer); ends "N passed, N failed"
              detent console          # a live world to try things in: world:drawer{ anchors = { "top", "bottom" } }
              detent config           # every setting, and where its value comes from

            """ + (examples ? "  detent run scripts/examples/hello_world.lua   # the examples: a plain script; spec/plugins/ uses scripts/plugins\n" : ""))
    }
}
