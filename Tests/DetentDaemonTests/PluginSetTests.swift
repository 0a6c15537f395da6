import Foundation
import Testing
import DetentRuntime
import DetentScripting
@testable import DetentConfig

/// How the daemon's plugin set changes on `reload` (docs/protocol.md): plugin by plugin, a
/// failing file keeps its previous version, and what is gone goes.
@Suite("Plugin set: reloading plugin by plugin")
struct PluginSetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func settings() throws -> SessionSettings {
        try SessionSettings(configuration: try DetentConfiguration.load(from: Self.root.appendingPathComponent("config")), luaSetup: nil)
    }

    /// A plugin `name` at `file` registering the curve `curve`.
    func plugin(_ file: String, name: String, version: String, curve: String? = nil) -> PluginSource {
        let registration = curve.map { "detent.register_curve(\"\($0)\", { 0.2, 0, 0.2, 1 })" } ?? ""
        return PluginSource(path: file, text: """
            return {
              name = "\(name)", version = "\(version)",
              setup = function(detent) \(registration) end,
            }
            """)
    }

    func broken(_ file: String) -> PluginSource {
        PluginSource(path: file, text: "return {\n  name = \"x\", version = \"1\",\n  setup = function() error(\"no\") end,\n}\n")
    }

    func versions(_ set: PluginSet) -> [String] { set.plugins.map { "\($0.record.name) \($0.record.version)" } }

    @Test func aPluginThatLoadsReplacesItsPreviousVersion() throws {
        let first = try PluginSet.load([plugin("a.lua", name: "a", version: "1")], settings: try settings())
        let second = try first.reloaded([plugin("a.lua", name: "a", version: "2")], settings: try settings())
        #expect(versions(second) == ["a 2"])
        #expect(second.failures.isEmpty && second.keptPrevious.isEmpty)
    }

    @Test func aFailingFileKeepsItsPreviousVersionAndIsStillALoadErrorOfRuns() throws {
        let first = try PluginSet.load([plugin("a.lua", name: "a", version: "1"), plugin("b.lua", name: "b", version: "1")],
                                       settings: try settings())
        let second = try first.reloaded([broken("a.lua"), plugin("b.lua", name: "b", version: "2")], settings: try settings())
        #expect(versions(second) == ["a 1", "b 2"])
        #expect(second.keptPrevious == ["a"])
        #expect(second.failures.map(\.message) == ["a.lua:3: no"])
        let applied = second.applied(to: try settings())
        #expect(applied.plugins.map(\.path) == ["a.lua", "b.lua"])
        #expect(applied.plugins[0] == first.plugins[0].source)
        #expect(applied.pluginFailures.map(\.message) == ["a.lua:3: no (its previous version stays active)"])
    }

    @Test func aFailingFileWithoutAPreviousVersionIsALoadErrorOfRuns() throws {
        let set = try PluginSet.load([broken("a.lua"), plugin("b.lua", name: "b", version: "1")], settings: try settings())
        #expect(versions(set) == ["b 1"])
        #expect(set.keptPrevious.isEmpty)
        #expect(set.applied(to: try settings()).pluginFailures.map(\.file) == ["a.lua"])
    }

    @Test func aPreviousVersionIsNotKeptWhenAnotherFileNowHasItsName() throws {
        let first = try PluginSet.load([plugin("a.lua", name: "a", version: "1")], settings: try settings())
        let second = try first.reloaded([broken("a.lua"), plugin("b.lua", name: "a", version: "2")], settings: try settings())
        #expect(second.plugins.map(\.record.file) == ["b.lua"])
        #expect(versions(second) == ["a 2"])
        #expect(second.keptPrevious.isEmpty)
    }

    @Test func aNewVersionThatClashesWithAKeptOneFallsBackToItsOwnPreviousVersion() throws {
        let first = try PluginSet.load([plugin("a.lua", name: "a", version: "1", curve: "shared"), plugin("b.lua", name: "b", version: "1")],
                                       settings: try settings())
        // b's new version takes the curve a's kept version owns: alone it loads, beside a it does not.
        let second = try first.reloaded([broken("a.lua"), plugin("b.lua", name: "b", version: "2", curve: "shared")], settings: try settings())
        #expect(versions(second) == ["a 1", "b 1"])
        #expect(second.keptPrevious == ["a", "b"])
        #expect(second.failures.map(\.file) == ["a.lua", "b.lua"])
        #expect(second.failures[1].message.contains("'shared' is already registered by plugin 'a'"))
    }

    @Test func aRemovedFileTakesItsPluginAlong() throws {
        let first = try PluginSet.load([plugin("a.lua", name: "a", version: "1"), plugin("b.lua", name: "b", version: "1")],
                                       settings: try settings())
        let second = try first.reloaded([plugin("b.lua", name: "b", version: "1"), plugin("c.lua", name: "c", version: "1")],
                                        settings: try settings())
        #expect(versions(second) == ["b 1", "c 1"])
        #expect(first.removed(in: second) == ["a"])
    }

    @Test func noFilesIsAnEmptySet() throws {
        let first = try PluginSet.load([plugin("a.lua", name: "a", version: "1")], settings: try settings())
        #expect(try first.reloaded([], settings: try settings()) == PluginSet())
    }
}
