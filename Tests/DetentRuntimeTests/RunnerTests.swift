import Testing
import DetentRuntime

@Suite("detent run: results, selection and exit codes (SPEC §9, §10)")
struct RunnerTests {
    @Test func failuresShowExpectedActualLineTimeAndFrame() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/runner/failing_spec.lua"])
        let r = outcome.summary.results
        #expect(r.map(\.status) == [.failed, .error, .error, .error, .passed])
        #expect(r[0].message?.hasPrefix("Tests/Fixtures/runner/failing_spec.lua:4: Expected objects to be equal.") == true)
        #expect(r[0].message?.contains("(number) 3") == true)
        #expect(r[0].message?.contains("(number) 4") == true)
        #expect(r[0].virtualTime == 0.5 && r[0].frame == 30)
        #expect(outcome.output.contains("at t=0.5 s (frame 30)"))
        #expect(r[1].message == "Tests/Fixtures/runner/failing_spec.lua:9: attempt to index a nil value (local 't')")
        #expect(r[1].frame == 3)
        #expect(r[2].message?.contains("handler blew up") == true)
        #expect(r[3].message?.contains("not a wait request") == true)
        #expect(outcome.output.hasSuffix("1 passed, 4 failed\n"))
        #expect(outcome.summary.exitCode == 1)
    }

    @Test func anErrorInASpawnedTaskFailsTheTestAtItsTime() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/runner/task_error_spec.lua"])
        let result = try #require(outcome.summary.results.first)
        #expect(result.status == .error)
        #expect(result.message == "Tests/Fixtures/runner/task_error_spec.lua:5: the task broke")
        #expect(result.frame == 6)
    }

    @Test func aFileThatDoesNotCompileIsALoadErrorAndTheRunGoesOn() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/runner/syntax_error_spec.lua", "scripts/scenarios/runner/structure_spec.lua"])
        #expect(outcome.summary.loadErrors == 1)
        #expect(outcome.output.contains("Tests/Fixtures/runner/syntax_error_spec.lua:3: unexpected symbol near '='"))
        #expect(outcome.summary.passed == 5)
        #expect(outcome.summary.exitCode == 2)
    }

    @Test func anErrorAtTheTopLevelOfASpecFileIsALoadError() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/runner/toplevel_error_spec.lua"])
        #expect(outcome.summary.loadErrors == 1)
        #expect(outcome.output.contains("toplevel_error_spec.lua:4: top-level failure"))
        #expect(outcome.summary.exitCode == 2)
    }

    @Test func missingPathsAreUsageErrors() throws {
        #expect(throws: SpecRunner.UsageError.self) { try RunHarness.run(["no/such/folder"]) }
    }

    @Test func unknownDevicesAreUsageErrorsListingTheChoices() throws {
        do {
            _ = try RunHarness.run(["scripts/scenarios"]) { $0.device = "Nokia 3310" }
            Issue.record("expected a usage error")
        } catch let error as SpecRunner.UsageError {
            #expect(error.description.hasPrefix("no device named 'Nokia 3310' (expected one of: iPhone SE (3rd generation), iPhone 15,"))
        }
    }

    @Test func filterAndFilterOutUseLuaPatternsOnFullNames() throws {
        let only = try RunHarness.run(["scripts/scenarios/runner/waiting_spec.lua"]) { $0.filters = ["wait_until"] }
        #expect(only.summary.results.map(\.name) == [
            "wait_until checks its condition after every frame",
            "wait_until fails with a message naming what it waited for",
        ])
        let without = try RunHarness.run(["scripts/scenarios/runner/waiting_spec.lua"]) { $0.filtersOut = ["wait_", "animator"] }
        // "wait_" also matches "wait(0) and wait_frames(0) ...": patterns search the whole name.
        #expect(without.summary.results.map(\.name) == [
            "wait advances virtual time to the first frame at or after the deadline",
            "wait(1/60) advances exactly one frame, whichever frame it starts on",
        ])
    }

    @Test func tagsSelectAndExclude() throws {
        let tagged = try RunHarness.run(["Tests/Fixtures/runner/random_spec.lua", "scripts/scenarios/runner/structure_spec.lua"]) { $0.tags = ["second", "example"] }
        #expect(tagged.summary.results.map(\.name) == ["draws more numbers #second", "tags tests with hashtags in their names #slow #example"])
        let excluded = try RunHarness.run(["Tests/Fixtures/runner/random_spec.lua"]) { $0.excludeTags = ["second"] }
        #expect(excluded.summary.results.map(\.name) == ["draws numbers"])
        // Tags on a describe apply to every test inside it.
        let block = try RunHarness.run(["Tests/Fixtures/runner/random_spec.lua"]) { $0.tags = ["random"] }
        #expect(block.summary.results.count == 2)
    }

    @Test func listPrintsTheSelectionWithoutRunningIt() throws {
        let outcome = try RunHarness.run(["scripts/scenarios/runner/structure_spec.lua"]) { $0.list = true }
        #expect(outcome.summary.results.isEmpty)
        #expect(outcome.output.isEmpty)
        #expect(outcome.listed.first == "scripts/scenarios/runner/structure_spec.lua:11: structure runs setup once, then before_each around each test")
        #expect(outcome.listed.contains("scripts/scenarios/runner/structure_spec.lua:33: structure tags tests with hashtags in their names #slow #example [#slow #example]"))
        #expect(outcome.listed.count == 6)
    }

    @Test func aScriptLeftOutByAFilterPrintsNothing() throws {
        let outcome = try RunHarness.run(["scripts/examples/hello_world.lua"]) { $0.filters = ["nothing matches this"] }
        #expect(outcome.summary.results.isEmpty)
        #expect(outcome.output == "\n0 passed, 0 failed\n")
    }

    @Test func badFilterPatternsAreUsageErrors() throws {
        #expect(throws: SpecRunner.UsageError.self) {
            try RunHarness.run(["scripts/scenarios/runner/structure_spec.lua"]) { $0.filters = ["[unclosed"] }
        }
    }

    @Test func tapOutputIsVersion13WithAPlanAndDiagnostics() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/runner/failing_spec.lua"], format: "tap")
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..5")
        #expect(lines.contains("not ok 1 - failures reports expected and actual with the line, time and frame"))
        #expect(lines.contains("  virtual_time: 0.5"))
        #expect(lines.contains("ok 5 - failures passes"))
        #expect(lines.last == "1 passed, 4 failed")
    }
}
