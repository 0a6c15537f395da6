import ArgumentParser
import DetentRuntime
import DetentScripting
import Foundation

/// The `detent` command line (SPEC §10).
@main
struct Detent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detent",
        abstract: "A headless simulator of iOS container interactions, driven by Lua 5.4.",
        version: DetentVersion.string,
        subcommands: [Run.self, DaemonCommand.self, Bench.self],
        defaultSubcommand: Run.self
    )
}
