import Foundation
import Testing
import DetentAdaptive
import DetentNavigation
import DetentSheet
import DetentDrawer
import DetentScripting
import DetentLua
@testable import DetentRuntime
@testable import DetentConfig

/// The layered configuration of issue 26: built-in defaults (config/ compiled in), a folder
/// given to --config, the nearest detent.toml, flags — and errors that name FILE:line.
@Suite("Project file: built-in defaults, detent.toml, origins")
struct ProjectConfigTests {
    /// A fresh folder with `files` (relative path → text) written into it.
    static func project(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-project-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func load(in folder: URL, explicit: String? = nil, flags: [(key: String, value: ConfigValue, flag: String)] = []) throws -> DetentConfiguration {
        try DetentConfiguration.load(ConfigLocation(explicit: explicit, environment: nil, workingDirectory: folder.path), flags: flags)
    }

    static func configError(_ body: () throws -> Void) -> ConfigError? {
        do { try body() } catch let error as ConfigError { return error } catch { Issue.record("not a ConfigError: \(error)") }
        return nil
    }

    @Test func withNoConfigAnywhereTheBuiltInDefaultsAreThisRepositorysConfigFolder() throws {
        let empty = try Self.project([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let builtIn = try Self.load(in: empty)
        let repository = try RunHarness.configuration()
        #expect(builtIn.devices == repository.devices)
        #expect(builtIn.engineDefaults == repository.engineDefaults)
        #expect(builtIn.run.instructionBudget == repository.run.instructionBudget && builtIn.run.defaultDevice == repository.run.defaultDevice)
        #expect(builtIn.daemon == repository.daemon)
        #expect(builtIn.source.projectFile == nil && builtIn.source.projectRoot == empty.path)
        // The built-in paths resolve against the project folder (here: the working folder).
        #expect(builtIn.lua.path.first == empty.path + "/?.lua")
        #expect(builtIn.source.tree.origins["run.default_device"]?.description.hasPrefix("built-in config/runner.toml:") == true)
    }

    @Test func theNearestProjectFileAboveTheWorkingFolderWinsAndItsPathsAreItsOwn() throws {
        let root = try Self.project([
            "detent.toml": "[run]\nscenarios = \"spec\"\nseed = 7\n[lua]\npath = [\"lib/?.lua\"]\n[plugins]\npaths = [\"tools/plugins\"]\n",
            "spec/deep/inner/.keep": "",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let inner = root.appendingPathComponent("spec/deep/inner")
        let configuration = try Self.load(in: inner)
        #expect(configuration.source.projectFile == root.path + "/detent.toml")
        #expect(configuration.run.seed == 7)
        #expect(configuration.run.defaultDevice == "iPhone 15")   // not set: built-in
        // Shown from the working folder, resolved against the project file's folder.
        #expect(configuration.run.scenarios == ["../.."])
        #expect(configuration.run.pluginPaths == ["../../../tools/plugins"])
        #expect(configuration.lua.path == [root.path + "/lib/?.lua"])
        #expect(configuration.run.pluginFolder == "../../../scripts/plugins")
        let seed = try #require(configuration.source.tree.origins["run.seed"])
        #expect(seed.kind == .file && seed.line == 3 && seed.name == root.path + "/detent.toml")
    }

    @Test func devicesAreAddedOrReplacedByNameAndEngineSectionsOverriddenKeyByKey() throws {
        let root = try Self.project(["detent.toml": """
            [engine.drawer]
            spring_stiffness = 320.0

            [[device]]
            name = "Kiosk"
            width = 600
            height = 1000
            scale = 2
            idiom = "pad"
            refresh = 60
            touch_rate = 60
            insets.portrait = { top = 0, left = 0, bottom = 0, right = 0 }
            insets.landscape = { top = 0, left = 0, bottom = 0, right = 0 }

            [[device]]
            name = "iPhone 15"
            width = 400
            height = 900
            scale = 3
            idiom = "phone"
            refresh = 120
            touch_rate = 120
            insets.portrait = { top = 50, left = 0, bottom = 30, right = 0 }
            insets.landscape = { top = 0, left = 50, bottom = 20, right = 50 }

            """])
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = try Self.load(in: root)
        let builtIn = try RunHarness.configuration()
        #expect(configuration.engineDefaults[DrawerDefaults.self].springStiffness == 320)
        #expect(configuration.engineDefaults[DrawerDefaults.self].springMass == builtIn.engineDefaults[DrawerDefaults.self].springMass)
        #expect(configuration.devices.count == builtIn.devices.count + 1)
        #expect(try configuration.device(named: "Kiosk").width == 600)
        #expect(try configuration.device(named: "iPhone 15").width == 400)
        let replaced = try #require(configuration.devices.firstIndex { $0.name == "iPhone 15" })
        #expect(configuration.source.tree.origins["device[\(replaced + 1)].width"]?.line == 17)
        #expect(configuration.source.tree.origins["engine.drawer.spring_stiffness"]?.writtenKey == "engine.drawer.spring_stiffness")
    }

    @Test(arguments: [
        ("[run]\nsed = 1\n", 2, "unknown key 'run.sed' (expected one of: default_device, scenarios, seed, pattern,"),
        ("[engine.drawer]\nspring_stiffnes = 300.0\n", 2, "unknown key 'engine.drawer.spring_stiffnes' (expected one of: deceleration_rate,"),
        ("[enigne.drawer]\nspring_stiffness = 300.0\n", 1, "unknown key 'enigne' (expected one of: run, limits, plugins, lua, device, engine, daemon)"),
        ("# a comment\n[limits]\ninstruction_budget = 5\n", 3, "key 'limits.instruction_budget' must be a whole number of instructions from 1000 to 10000000000000, found 5"),
        ("[run]\ndefault_device = \"Nokia\"\n", 2, "key 'run.default_device' must be one of: iPhone SE (3rd generation), iPhone 15,"),
        ("[daemon.limits]\nmax_clients = 0\n", 2, "key 'daemon.limits.max_clients' must be a whole number from 1 to 100000 (found 0)"),
        ("[lua]\npath = [\"lib/helpers.lua\"]\n", 2, "key 'lua.path' must hold templates with a '?' for the module name and no ';' (found"),
        ("[lua]\nstdlib = \"open\"\n", 2, "key 'lua.stdlib' must be one of: full, sandboxed (found \"open\")"),
        ("[run]\nscenarios = 3\n", 2, "key 'run.scenarios' must be a path or a list of paths, found an integer"),
        ("[[device]]\nname = \"X\"\n", 1, "key 'device[1].idiom' must be a string, found nothing"),   // its own entry's number
    ])
    func aBadProjectFileNamesItsLineAndWhatWasExpected(text: String, line: Int, message: String) throws {
        let root = try Self.project(["detent.toml": text])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(Self.configError { _ = try Self.load(in: root) })
        #expect(error.file == "detent.toml")
        #expect(error.line == line)
        #expect(error.detail.hasPrefix(message), "\(error)")
    }

    @Test func aMalformedProjectFileNamesFileLineAndColumn() throws {
        let root = try Self.project(["detent.toml": "[run]\nseed = \n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(Self.configError { _ = try Self.load(in: root) })
        #expect(error.description.hasPrefix("detent.toml:2:"), "\(error)")
    }

    @Test func configNamesAFileOrAFolderAndAMissingOneIsAnError() throws {
        let root = try Self.project([
            "detent.toml": "[run]\nseed = 1\n",
            "ci/other.toml": "[run]\nseed = 2\n",
            "legacy/runner.toml": "[run]\nseed = 3\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.load(in: root).run.seed == 1)
        // A file named with --config is the project file (no other is looked for).
        let named = try Self.load(in: root, explicit: "ci/other.toml")
        #expect(named.run.seed == 2 && named.source.projectFile == root.path + "/ci/other.toml")
        // A folder laid out like config/ replaces the built-in files it has; detent.toml still applies over it.
        let folder = try Self.load(in: root, explicit: "legacy")
        #expect(folder.run.seed == 1 && folder.source.folder == root.path + "/legacy")
        #expect(folder.source.tree.origins["run.default_device"]?.kind == .builtIn)
        let missing = try #require(Self.configError { _ = try Self.load(in: root, explicit: "nowhere.toml") })
        #expect(missing.description.hasPrefix("nowhere.toml: no such file or folder (named by --config"))
    }

    @Test func theListingShowsEveryOriginKind() throws {
        let root = try Self.project(["detent.toml": "[run]\nseed = 9\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = try Self.load(in: root, flags: [("run.default_device", .string("iPhone 15 Pro"), "--device")])
        let listing = ConfigListing(configuration, environment: ["LUA_PATH": "/opt/lua/?.lua;;"])
        let text = listing.text
        #expect(text.contains("# project file: \(root.path)/detent.toml\n"))
        func line(_ key: String) -> String? { text.split(separator: "\n").first { $0.hasPrefix(key + " = ") }.map(String.init) }
        #expect(line("run.seed")?.hasSuffix("# detent.toml:2") == true)
        #expect(line("run.default_device")?.hasSuffix("# flag --device") == true)
        #expect(line("limits.instruction_budget")?.contains("# built-in config/runner.toml:") == true)
        #expect(line("lua.package_path")?.hasSuffix("# environment LUA_PATH after [lua] entries") == true)
        #expect(line("lua.package_path")?.contains("\"\(root.path)/?.lua;") == true)
        guard case let .object(fields) = listing.json, case let .array(settings)? = fields.first(where: { $0.0 == "settings" })?.1 else {
            Issue.record("no settings in the JSON"); return
        }
        #expect(settings.count == listing.entries.count)
    }

    @Test func keyLinesFollowArraysOfTablesAndDottedKeys() throws {
        let lines = try TOMLKeyLines(text: """
            [[device]]
            name = "a"
            insets.portrait = { top = 1 }

            [[device]]
            name = "b"
            [device.size_class]
            portrait = "compact"
            [engine.drawer]
            "spring_stiffness" = 1
            """, file: "x.toml")
        #expect(lines.line(of: "device[1].name") == 2)
        #expect(lines.line(of: "device[1].insets.portrait.top") == 3)
        #expect(lines.line(of: "device[2].name") == 6)
        #expect(lines.line(of: "device[2].size_class.portrait") == 8)
        #expect(lines.line(of: "engine.drawer.spring_stiffness") == 10)
        #expect(lines.line(of: "engine.drawer.other") == 9)
    }
}
