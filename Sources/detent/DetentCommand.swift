import ArgumentParser
import DetentPlatform
import DetentRuntime
import DetentScripting
import FoundationEssentials
import Glibc
import DetentReports

/// The `detent` command line (SPEC §10).
@main
struct Detent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detent",
        abstract: "A headless simulator of iOS container interactions, driven by Lua 5.4.",
        version: DetentVersion.string,
        subcommands: [Run.self, DaemonCommand.self, ConsoleCommand.self, Plugins.self, Bench.self, MergeReports.self, ShowTrace.self, API.self, DocsCommand.self,
                      ConfigCommand.self, InitCommand.self, Worker.self],
        defaultSubcommand: Run.self
    )

    /// As ArgumentParser's `main()`, but a usage error (an unknown flag, a bad value) exits
    /// with status 2, as SPEC §10 promises for usage and load errors — not sysexits' 64.
    static func main() {
        if CommandLine.arguments.dropFirst().first == Worker.configuration.commandName {
            Worker.serve(Array(CommandLine.arguments.dropFirst(2)))
        }
        let early = Run.startEarly(CommandLine.arguments.dropFirst())
        do {
            var command = try early ?? parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                Glibc.exit(2)
            }
            // A file a command could not read, write or make (a folder in the way, a missing
            // parent): the path and the system's reason, status 2 like the other load errors,
            // rather than a dump of Foundation's error fields.
            if let sentence = FileErrorText.sentence(error) {
                StandardError.write("detent: \(sentence)\n")
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }

    /// The subcommands' names (`run`, `daemon`, …, `__worker`).
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }
}
