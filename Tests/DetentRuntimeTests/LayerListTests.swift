import Foundation
import Testing

/// Issue 29 §1: docs/architecture.md's "Layers" table is the one list of the layers. The
/// manifest as SwiftPM reads it (`swift package dump-package`) must agree: every target of
/// Sources/ is in the table once, and depends only on targets listed before it (an earlier
/// row, or earlier in its row) — the arrows point one way.
@Suite("The layer list")
struct LayerListTests {
    struct Target {
        let name: String
        let dependencies: [String]
    }

    static func manifestTargets() throws -> [Target] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch folder of its own: `swift test` holds the lock on .build while this runs.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("detent-layers-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        process.arguments = ["swift", "package", "--scratch-path", scratch, "dump-package"]
        process.currentDirectoryURL = RunHarness.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        return targets.compactMap { target in
            guard let name = target["name"] as? String, let type = target["type"] as? String, type != "test" else { return nil }
            if let path = target["path"] as? String, path.hasPrefix("Tests/") { return nil }   // tests' helpers
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                if let byName = dependency["byName"] as? [Any] { return byName.first as? String }
                if let target = dependency["target"] as? [Any] { return target.first as? String }
                return nil   // products of other packages
            }
            return Target(name: name, dependencies: dependencies)
        }
    }

    /// The table's targets in reading order: row by row, left to right.
    static func documentedOrder() throws -> [String] {
        let docs = try String(contentsOf: RunHarness.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let lines = docs.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "## Layers"))
        var order: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `"), let cell = line.dropFirst().split(separator: "|").first else { continue }
            order += cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        return order
    }

    @Test func everyTargetIsListedOnceAndDependsOnlyOnTargetsListedBeforeIt() throws {
        let targets = try Self.manifestTargets()
        let order = try Self.documentedOrder()
        #expect(Set(order).count == order.count, "listed twice: \(order.filter { name in order.filter { $0 == name }.count > 1 })")
        let position = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let names = Set(targets.map(\.name))
        #expect(names.subtracting(order).isEmpty, "targets missing from docs/architecture.md's Layers: \(names.subtracting(order).sorted())")
        #expect(Set(order).subtracting(names).isEmpty, "listed but not targets: \(Set(order).subtracting(names).sorted())")
        for target in targets {
            guard let at = position[target.name] else { continue }
            for dependency in target.dependencies {
                guard let other = position[dependency] else { continue }
                #expect(other < at, "\(target.name) depends on \(dependency), which docs/architecture.md lists after it")
            }
        }
    }
}
