import Testing
import Foundation
import DetentTestSupport

/// Issue 27 §3: describe bodies, hooks and tests run in busted's order. A spec that logs from
/// every place (Tests/Fixtures/busted/order_spec.lua: the top level, bodies of nested blocks,
/// strict and lazy setups and teardowns, before_each/after_each, tests, finally, a pending
/// test, a block with no tests, a body that uses what an outer setup built) writes the same
/// log under Debian's busted 2.1.1 and under the `detent` this build made.
@Suite("busted's order: describe bodies run when the suite reaches them", .serialized)
struct BustedOrderTests {
    @Test(.timeLimit(.minutes(10))) func aSpecLogsTheSameSequenceUnderBustedAndDetent() throws {
        let busted = ["/usr/bin/busted", "/usr/local/bin/busted"].first { FileManager.default.isExecutableFile(atPath: $0) }
        #expect(busted != nil, "busted is not installed: apt-get install lua-busted (or bash scripts/setup.sh)")
        guard let busted else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("order_spec.lua").path
        try FileManager.default.copyItem(atPath: BuiltExecutables.root.path + "/Tests/Fixtures/busted/order_spec.lua", toPath: spec)

        func log(_ runner: [String], _ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            let run = try BuiltExecutables.run("/usr/bin/env", ["ORDER_LOG=\(path)"] + runner + ["order_spec.lua"], in: folder.path)
            #expect(run.exitedNormally && run.status == 0, "\(runner[0]) failed:\n\(run.output)")
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        let bustedLog = try log([busted], "busted.log")
        let detentLog = try log([try BuiltExecutables.path(of: "detent"), "run"], "detent.log")
        #expect(bustedLog.contains("inner body sees built by outer setup"))
        #expect(bustedLog.split(separator: "\n").count == 34)
        #expect(detentLog == bustedLog)
    }
}
