import Testing
import Foundation
import DetentPlatform
@testable import DetentRuntime
@testable import DetentReports

@Suite("Reports: atomic writing")
struct AtomicFileTests {
    @Test func aReportReplacesThePreviousOneAndLeavesNoTemporaryFile() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report.json").path
        try AtomicFile.write("first\n", to: path)
        try AtomicFile.write("second\n", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o600 } == 0o600, "the owner reads and writes the report")
    }

    @Test func aFolderThatDoesNotExistIsASentence() throws {
        do {
            try AtomicFile.write("x", to: "/nonexistent-detent-folder/report.xml")
            Issue.record("writing into a missing folder succeeded")
        } catch {
            #expect("\(error)" == "cannot create a temporary file in /nonexistent-detent-folder for /nonexistent-detent-folder/report.xml: No such file or directory")
        }
        #expect(throws: ReportTarget.Invalid.self) { try ReportTarget(format: .json, path: "/nonexistent-detent-folder/r.json").checkWritable() }
    }
}
