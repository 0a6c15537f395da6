import Foundation
import Testing
import DetentTestSupport

/// A spec file and its memory cap (`[limits] memory_cap_mib`, SPEC §13), through the `detent`
/// binary: a file whose own data fill the cap ends at the first test the cap stops, with a
/// message naming the setting, instead of collecting a full state before each of the rest.
@Suite("Memory cap of a spec file", .serialized)
struct MemoryCapTests {
    @Test(.timeLimit(.minutes(10))) func aFileThatExhaustsItsCapFailsAtOnceNamingTheSetting() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = "Tests/Fixtures/safety/exhausts_memory_spec.lua"
        // Bounded: the process is killed by its pid if it has not ended by then.
        let run = try WatchedProcess.run(try BuiltExecutables.path(of: "detent"), ["run", spec, "--jobs", "1"], folder: folder, timeout: 480)
        #expect(!run.timedOut, "detent run did not end: \(run.output.suffix(2000))")
        #expect(run.status == 1, "\(run.output.suffix(2000))\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        // The test the cap stopped, then the file's error, then every other test not run.
        let stopped = try #require(lines.firstIndex { $0.hasPrefix("  ERROR a hoard keeps 4 KiB ") }, "\(run.output.suffix(2000))")
        #expect(lines[stopped + 1].hasSuffix(": test stopped: memory limit of 64 MiB exceeded (memory_cap_mib: runner.toml's [limits], daemon.toml's [run])"),
                "\(lines[stopped + 1])")
        #expect(lines[stopped + 3] == "  ERROR \(spec)", "\(lines[stopped...].prefix(6))")
        #expect(lines[stopped + 4].hasPrefix("        \(spec): memory limit of 64 MiB exceeded (memory_cap_mib: runner.toml's [limits], daemon.toml's [run]): the file's Lua state still holds "),
                "\(lines[stopped + 4])")
        #expect(lines[stopped + 4].hasSuffix("after a full collection, too little room to go on: its remaining tests do not run"), "\(lines[stopped + 4])")
        // The file ends there: the summary comes next (`split` drops the blank line before it).
        #expect(lines.count == stopped + 7, "\(lines[stopped...].prefix(8))")
        #expect(lines.last == "\(stopped - 1) passed, 2 failed", "\(lines.last ?? "")")
    }
}
