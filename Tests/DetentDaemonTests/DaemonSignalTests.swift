import Foundation
import Testing
import DetentTestSupport

/// A SIGTERM sent the moment the socket appears — what a supervisor or a test does — is a
/// graceful shutdown every time: exit status 0 and the socket removed. (Before signals were
/// blocked from the start, about one start in twelve lost it and ran on, or died leaving
/// the socket behind.)
@Suite("detent daemon: SIGTERM right after start", .serialized)
struct DaemonSignalTests {
    @Test(.timeLimit(.minutes(10))) func aSigtermAsSoonAsTheSocketAppearsStopsTheDaemonGracefully() throws {
        let detent = try BuiltExecutables.path(of: "detent")
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("ds-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = folder.appendingPathComponent("d.sock").path
        for attempt in 1...20 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: detent)
            process.arguments = ["daemon", "--no-plugins", "--socket", socket]
            process.currentDirectoryURL = BuiltExecutables.root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: socket) && process.isRunning && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.002)
            }
            kill(process.processIdentifier, SIGTERM)
            deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            let stoppedBySigterm = !process.isRunning
            if !stoppedBySigterm { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            #expect(stoppedBySigterm, "attempt \(attempt): the daemon ran on after SIGTERM")
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "attempt \(attempt): status \(process.terminationStatus)")
            #expect(!FileManager.default.fileExists(atPath: socket), "attempt \(attempt): the socket was left behind")
            guard stoppedBySigterm else { break }
            try? FileManager.default.removeItem(atPath: socket)
        }
    }
}
