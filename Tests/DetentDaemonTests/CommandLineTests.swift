import Foundation
import Testing
import DetentTestSupport

/// `detent` as a user types it: usage errors exit 2 (SPEC §10), formats in any case.
@Suite("Command line: usage errors and formats")
struct CommandLineTests {
    func detent(_ arguments: [String]) throws -> BuiltExecutables.Run {
        try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), arguments)
    }

    @Test(arguments: [["run", "--bogus"], ["run", "--seed", "-5"], ["run", "-o", "junk"], ["run", ""], ["run", "no/such/spec_spec.lua"]])
    func usageErrorsExitWithStatus2(arguments: [String]) throws {
        let result = try detent(arguments)
        #expect(result.status == 2, "\(arguments): \(result.output)")
    }

    @Test func anEmptyPathIsNamedAsSuch() throws {
        #expect(try detent(["run", ""]).output.contains("no such file or folder: \"\" (an empty path)"))
    }

    @Test func outputFormatsAreAcceptedInAnyCase() throws {
        let result = try detent(["run", "-o", "TAP", "scripts/examples/hello_world.lua"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("TAP version 13"))
    }
}
