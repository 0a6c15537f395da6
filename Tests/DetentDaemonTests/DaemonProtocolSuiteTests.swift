import Testing
import Foundation

/// Runs the protocol suite of clients that are not Detent (Python's standard library and
/// socat, Tests/DaemonClients/daemon_suite.py) against the `detent` binary this build made.
/// Each of its tests starts its own daemon on a socket in a temporary folder and stops it by pid.
@Suite("Daemon protocol, driven by real clients", .serialized)
struct DaemonProtocolSuiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `detent` executable beside this test bundle (same build, same sanitizers).
    static func detentBinary() throws -> String { try binary(named: "detent") }

    /// An executable of this package beside the test bundle (same build, same sanitizers).
    static func binary(named name: String) throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = root.appendingPathComponent(".build/debug/\(name)").path
        guard FileManager.default.isExecutableFile(atPath: fallback) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no \(name) binary beside the tests; run swift build first"])
        }
        return fallback
    }

    @Test(.timeLimit(.minutes(10))) func theProtocolSuitePasses() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Tests/DaemonClients/daemon_suite.py", "--detent", try Self.detentBinary(), "--repo", Self.root.path]
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "daemon protocol suite failed:\n\(text)")
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix("0 failed"), "suite summary: \(last)")
    }
}
