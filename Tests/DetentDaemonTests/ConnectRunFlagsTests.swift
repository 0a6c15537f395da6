import Foundation
import Testing
import DetentTestSupport

/// `detent run --connect` with the flags of issue 15: retries, repeat and max-failures run on
/// the daemon, and the run/test notifications carry what the console needs (retries, flaky,
/// iteration, not_run, assertions), so the output and exit status are a local run's; so does
/// --require-assertions.
@Suite("detent run --connect: retries, repeat, max-failures", .serialized)
struct ConnectRunFlagsTests {
    static let flaky = """
    local attempts = 0
    describe("connect", function()
      it("fails once, then passes", function()
        attempts = attempts + 1
        assert.are.equal(2, attempts)
      end)
      it("always fails", function() assert.is_true(false) end)
      it("passes", function() end)
    end)
    """

    /// A daemon on a socket in a fresh folder, stopped by pid (SIGTERM, then SIGKILL) within bounded time.
    final class RunningDaemon {
        let process = Process()
        let folder: URL
        var socket: String { folder.appendingPathComponent("d.sock").path }

        init() throws {
            folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("dc-" + UUID().uuidString.prefix(8))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: try BuiltExecutables.path(of: "detent"))
            process.arguments = ["daemon", "--socket", folder.appendingPathComponent("d.sock").path]
            process.currentDirectoryURL = BuiltExecutables.root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: socket) {
                guard process.isRunning, Date() < deadline else { stop(); throw CocoaError(.fileNoSuchFile) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            let deadline = Date().addingTimeInterval(15)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test(.timeLimit(.minutes(10))) func theDaemonRunsTheNewFlagsAsALocalRunDoes() throws {
        let daemon = try RunningDaemon()
        defer { daemon.stop() }
        let spec = daemon.folder.appendingPathComponent("connect_spec.lua").path
        try Self.flaky.write(toFile: spec, atomically: true, encoding: .utf8)
        let detent = try BuiltExecutables.path(of: "detent")
        for flags in [["--retries", "1"], ["--retries", "1", "--fail-on-flaky", "--filter-out", "always"], ["--repeat", "2", "--max-failures", "2"],
                      // Seeds past 2^53 (what a double holds exactly) reach the daemon and come back exactly.
                      ["--shuffle", "--seed", "9007199254740993"], ["--shuffle", "--seed", "18446744073709551615"],
                      // "passes" asserts nothing: counted from run/test's assertions, or failed.
                      [], ["--require-assertions"]] {
            let local = try BuiltExecutables.run(detent, ["run", spec, "--jobs", "1"] + flags)
            let remote = try BuiltExecutables.run(detent, ["run", spec, "--connect", daemon.socket] + flags)
            #expect(remote.output == local.output, "\(flags)")
            #expect(remote.status == local.status, "\(flags)")
        }
        let retried = try BuiltExecutables.run(detent, ["run", spec, "--connect", daemon.socket, "--retries", "1"])
        #expect(retried.output.contains("  FLAKY connect fails once, then passes (passed on attempt 2)\n"))
        #expect(retried.output.hasSuffix("\n1 test made no assertion\n2 passed, 1 failed, 1 flaky\n"), "\(retried.output)")
        let required = try BuiltExecutables.run(detent, ["run", spec, "--connect", daemon.socket, "--require-assertions"])
        #expect(required.output.contains("  FAIL  connect passes\n") && required.output.hasSuffix("0 passed, 3 failed\n"), "\(required.output)")
        let stopped = try BuiltExecutables.run(detent, ["run", spec, "--connect", daemon.socket, "--repeat", "2", "--max-failures", "2"])
        #expect(stopped.output.contains("  -     connect passes [iteration 2] (not run)\n"))
        #expect(stopped.status == 1)
    }

    @Test func jobsAndShardAreRefusedWithConnect() throws {
        let detent = try BuiltExecutables.path(of: "detent")
        let shard = try BuiltExecutables.run(detent, ["run", "--connect", "/tmp/none.sock", "--shard", "1/2"])
        #expect(shard.status == 2)
        #expect(shard.output.contains("--shard cannot be combined with --connect"))
    }
}
