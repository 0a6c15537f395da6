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

    /// `detent plugins --json`: what each plugin registered, and the failures with file:line;
    /// exit 2 when one failed, as a run with it exits 2 and reports it once.
    @Test func pluginsAreListedAndAFailedOneIsALoadErrorOfTheRun() throws {
        let listing = try detent(["plugins", "--plugins", "Tests/Fixtures/plugins/mixed", "--json"])
        #expect(listing.status == 2)
        let json = try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any]
        let plugins = json?["loaded"] as? [[String: Any]] ?? []
        let fixture = plugins.first { $0["name"] as? String == "fixture_curves" }
        #expect(fixture?["file"] as? String == "Tests/Fixtures/plugins/mixed/a_curves.lua")
        #expect((fixture?["registered"] as? [String: [String]])?["curve"] == ["fixture_smoothstep", "fixture_snappy"])
        let failed = json?["failed"] as? [[String: String]] ?? []
        #expect(failed == [["file": "Tests/Fixtures/plugins/mixed/b_broken.lua", "message": "Tests/Fixtures/plugins/mixed/b_broken.lua:8: cannot set up"]])

        let run = try detent(["run", "--plugins", "Tests/Fixtures/plugins/mixed", "Tests/Fixtures/plugins/uses_plugins_spec.lua"])
        #expect(run.status == 2)
        #expect(run.output.contains("LOAD ERROR Tests/Fixtures/plugins/mixed/b_broken.lua"))
        #expect(run.output.contains("ok    plugins a function curve"))
        #expect(run.output.contains("unknown curve 'fixture_half'"))
        #expect(run.output.contains("a plugin failed to load and may have registered curve 'fixture_half': Tests/Fixtures/plugins/mixed/b_broken.lua"))
        #expect(run.output.contains("unknown policy 'fixture_top'"))
        #expect(run.output.contains("a plugin failed to load and may have registered policy 'fixture_top': Tests/Fixtures/plugins/mixed/b_broken.lua"))
        #expect(run.output.hasSuffix("1 passed, 2 failed, 1 load error\n"))
        #expect(try detent(["run", "--no-plugins", "--plugins", "Tests/Fixtures/plugins/mixed", "Tests/Fixtures/plugins/uses_plugins_spec.lua"]).output
            .hasSuffix("0 passed, 3 failed\n"))
    }
}
