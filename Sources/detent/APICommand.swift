import ArgumentParser
import DetentPlatform
import DetentRuntime
import DetentScripting
import FoundationEssentials

/// `detent api`: the script API generated from the bindings' declarations — the editor type
/// definitions' field lines, the markdown reference (docs/api.md) and the generated tables of
/// the reference pages (`ReferencePages`).
struct API: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Print the script API generated from the bindings: type definitions or markdown.",
        discussion: """
            detent api --types scripts/types/engines.lua --output scripts/types/engines.lua
            detent api --markdown --output docs/api.md
            for page in docs/*.md; do detent api --page "$page" --output "$page"; done
            """
    )

    @Option(name: .long, help: "A ---@meta file whose engine classes' ---@field lines are regenerated.")
    var types: String?

    @Flag(name: .long, help: "The markdown reference (docs/api.md).")
    var markdown = false

    @Option(name: .long, help: "A reference page whose generated tables (<!-- detent api: … --> regions) are refilled.")
    var page: String?

    @Option(name: .long, help: "Write here instead of standard output.")
    var output: String?

    func validate() throws {
        guard [types != nil, markdown, page != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --types <file>, --markdown or --page <file>")
        }
    }

    func run() throws {
        let classes = try APIReference.classes()
        let text: String
        if let types {
            let current = try String(contentsOfFile: types, encoding: .utf8)
            text = APIReference.typeDefinitions(updating: current, classes: classes)
        } else if let page {
            do {
                text = try ReferencePages.update(try String(contentsOfFile: page, encoding: .utf8), page: page, classes: classes)
            } catch let error as ReferencePageError {
                throw ValidationError(error.description)
            }
        } else {
            text = APIReference.markdown(classes: classes)
        }
        if let output {
            try AtomicFile.write(text, to: output)
        } else {
            StandardOutput.write(text)
        }
    }
}
