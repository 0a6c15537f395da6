import Foundation
import Testing
import DetentLua
import DetentRuntime
import DetentTestSupport

/// `detent run --coverage` (issue 27 §4): the lines the project's Lua files ran, as LCOV that
/// the real consumers read — Debian's lcov (`lcov --summary`) and genhtml — and as luacov's
/// statistics.
@Suite("Coverage: LCOV read by lcov and genhtml", .serialized)
struct CoverageTests {
    static let module = """
        local M = {}
        function M.sign(x)
          if x > 0 then
            return "positive"
          else
            return "not positive"
          end
        end
        function M.unused()
          return "never"
        end
        return M
        """
    static let spec = """
        local m = require("lib.signs")
        local pretty = require("pl.pretty")   -- Debian's penlight: outside the project, not counted
        describe("signs", function()
          it("takes one branch", function()
            assert.are.equal("positive", m.sign(1))
            assert.is_function(pretty.write)
          end)
        end)
        """

    func detent(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        try tool(try BuiltExecutables.path(of: "detent"), arguments, in: folder)
    }

    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-coverage-\(UUID().uuidString)").path
        for (path, text) in ["lib/signs.lua": Self.module, "spec/signs_spec.lua": Self.spec, "detent.toml": "[run]\nscenarios = \"spec\"\n"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test(.timeLimit(.minutes(10))) func linesThatRanAndLinesThatDidNotAreReportedForTheProjectsFilesOnly() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try detent(["run", "--coverage", "--jobs", "2"], in: folder)
        #expect(run.status == 0 && run.output.contains("coverage: "), "\(run.output)")
        let lcov = try String(contentsOfFile: folder + "/coverage.lcov", encoding: .utf8)
        let records = lcov.components(separatedBy: "end_of_record\n").filter { !$0.isEmpty }
        #expect(records.map { $0.split(separator: "\n")[1] } == ["SF:lib/signs.lua", "SF:spec/signs_spec.lua"], "\(lcov)")
        let module = records[0]
        #expect(module.contains("DA:4,1\n") && module.contains("DA:6,0\n") && module.contains("DA:10,0\n"), "\(module)")
        #expect(!lcov.contains("(detent)") && !lcov.contains("/usr/share/lua"))
        let stats = try String(contentsOfFile: folder + "/luacov.stats.out", encoding: .utf8)
        #expect(stats.hasPrefix("12:lib/signs.lua\n1 1 1 1 0 0 "), "\(stats)")
        // The same run gives the same file.
        _ = try detent(["run", "--coverage", "--coverage-report", "again.lcov"], in: folder)
        #expect(try String(contentsOfFile: folder + "/again.lcov", encoding: .utf8) == lcov)
    }

    @Test(.timeLimit(.minutes(10))) func lcovAndGenhtmlReadTheReport() throws {
        let lcovTool = try ReportSupport.requireTool("/usr/bin/lcov", package: "lcov")
        let genhtml = try ReportSupport.requireTool("/usr/bin/genhtml", package: "lcov")
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try detent(["run", "--coverage", "--coverage-report", "out/app.lcov"], in: folder)
        let lcov = try String(contentsOfFile: folder + "/out/app.lcov", encoding: .utf8)
        func total(_ key: String) -> Int {
            lcov.split(separator: "\n").filter { $0.hasPrefix(key + ":") }.compactMap { Int($0.dropFirst(key.count + 1)) }.reduce(0, +)
        }
        let (found, hit) = (total("LF"), total("LH"))
        #expect(found > hit && hit > 0)
        // Both run in the project folder, where the report's relative file names lead.
        let summary = try tool(lcovTool, ["--summary", "out/app.lcov"], in: folder)
        #expect(summary.status == 0 && summary.output.contains("(\(hit) of \(found) lines)"), "\(summary.output)")
        let html = try tool(genhtml, ["-q", "-o", "html", "out/app.lcov"], in: folder)
        #expect(html.status == 0, "\(html.output)")
        let index = try String(contentsOfFile: folder + "/html/index.html", encoding: .utf8)
        #expect(index.contains("signs.lua") || index.contains("lib"), "genhtml's index names no file")
    }

    /// Runs `executable` in `folder` to its end; its status and everything it printed.
    func tool(_ executable: String, _ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        let run = try BuiltExecutables.run(executable, arguments, in: folder)
        return (run.status, run.output)
    }

    @Test func executableLinesComeFromTheCompiledChunkNestedFunctionsIncluded() throws {
        let lines = try ChunkLines.of(source: Self.module, chunkName: "signs.lua")
        #expect(lines == [1, 2, 3, 4, 6, 8, 9, 10, 11, 12])
        #expect(throws: ChunkLines.Malformed.self) { _ = try ChunkLines.of(bytecode: [0x1B, 0x4C, 0x75, 0x61, 0x54]) }
    }
}
