import Foundation
import Testing
@testable import DetentScripting

/// Issue 29 §5: the prelude's order is written once, in Sources/DetentScripting/Lua/prelude.txt,
/// which the loader (`Prelude.files`) and the assertion self-test read; its files sit in
/// luassert/, busted/ and detent/ by what they reimplement; the host table's fields are
/// described once, in host.md, and exactly the ones the chunks use.
@Suite("The prelude's manifest and host table")
struct PreludeManifestTests {
    static let lua = RunHarness.root.appendingPathComponent("Sources/DetentScripting/Lua")

    static func chunkFiles() throws -> [String] {
        var found: [String] = []
        for folder in ["luassert", "busted", "detent"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: lua.appendingPathComponent(folder).path)
            found += names.filter { $0.hasSuffix(".lua") }.map { "\(folder)/\($0.dropLast(4))" }
        }
        return found.sorted()
    }

    @Test func theManifestNamesEveryPreludeChunkOnceAndTheLoaderFollowsIt() throws {
        let manifest = Prelude.manifest
        #expect(Set(manifest).count == manifest.count, "a chunk is listed twice")
        #expect(Prelude.files.map(\.name) == manifest.map { String($0.split(separator: "/").last!) })
        #expect(Set(Prelude.files.map(\.name)) == Set(Prelude.sources.keys))
        // Every chunk file is in the manifest, or is one the host runs at a fixed point.
        let hostChunks = Set(Prelude.hostChunks.keys)
        for file in try Self.chunkFiles() where !manifest.contains(file) {
            #expect(hostChunks.contains(String(file.split(separator: "/").last!)), "\(file).lua is neither in prelude.txt nor a host chunk")
        }
        for entry in manifest {
            #expect(FileManager.default.fileExists(atPath: Self.lua.appendingPathComponent(entry + ".lua").path), "prelude.txt names \(entry), which has no file")
            #expect(["luassert", "busted", "detent"].contains(String(entry.split(separator: "/").first!)), "\(entry) is outside luassert/, busted/ and detent/")
        }
    }

    @Test func noChunkRestatesTheOrder() throws {
        for file in try Self.chunkFiles() {
            let text = try String(contentsOf: Self.lua.appendingPathComponent(file + ".lua"), encoding: .utf8)
            #expect(!text.contains("Loaded after"), "\(file).lua names what it is loaded after; the order is prelude.txt's")
        }
    }

    @Test func hostMdDescribesExactlyTheHostFieldsTheChunksUse() throws {
        var used = Set<String>()
        let pattern = /host\.([a-z_]+)/
        for file in try Self.chunkFiles() {
            let text = try String(contentsOf: Self.lua.appendingPathComponent(file + ".lua"), encoding: .utf8)
            for match in text.matches(of: pattern) { used.insert(String(match.1)) }
        }
        let doc = try String(contentsOf: Self.lua.appendingPathComponent("host.md"), encoding: .utf8)
        var described = Set<String>()
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            if let name = line.dropFirst(3).split(separator: "`").first { described.insert(String(name)) }
        }
        #expect(used.subtracting(described).isEmpty, "used by chunks, not in host.md: \(used.subtracting(described).sorted())")
        #expect(described.subtracting(used).isEmpty, "in host.md, used by no chunk: \(described.subtracting(used).sorted())")
    }
}
