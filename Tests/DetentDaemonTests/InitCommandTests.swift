import Foundation
import Testing
import DetentTestSupport

/// `detent init` and `detent config` as a user types them, with the binary this build made
/// (the install suite does the same with the installed release binary).
@Suite("Command line: init and config")
struct InitCommandTests {
    func detent(_ arguments: [String]) throws -> BuiltExecutables.Run {
        try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), arguments)
    }

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("detent-init-\(UUID().uuidString)").path
    }

    @Test func initWritesAProjectWhoseExamplePassesAndNeverOverwrites() throws {
        let project = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let first = try detent(["init", project])
        #expect(first.status == 0, "\(first.output)")
        for file in ["detent.toml", "spec/example_spec.lua", ".luarc.json", ".detent/types/detent.lua", ".detent/types/engines.lua",
                     ".detent/types/luassert.lua"] {
            #expect(FileManager.default.fileExists(atPath: project + "/" + file), "\(file)")
        }
        // The project file it wrote loads, and its example passes (run from the repository:
        // the spec path is given, the project file named).
        let run = try detent(["run", "--config", project + "/detent.toml", project + "/spec"])
        #expect(run.status == 0 && run.output.hasSuffix("3 passed, 0 failed\n"), "\(run.output)")
        let toml = project + "/detent.toml"
        try "# mine\n".write(toFile: toml, atomically: true, encoding: .utf8)
        let again = try detent(["init", project])
        #expect(again.status == 2 && again.output.contains("detent.toml") && again.output.contains("--force"))
        #expect(try String(contentsOfFile: toml, encoding: .utf8) == "# mine\n")
        let forced = try detent(["init", "--force", project])
        let replaced = try String(contentsOfFile: toml, encoding: .utf8)
        #expect(forced.status == 0 && replaced.hasPrefix("# Detent's project file."))
    }

    /// Code that specs and plugins share lives in scripts/lib/, required as `lib.name` — in a
    /// project as `detent init` writes it, from the project folder and from a folder below it.
    @Test func anInitProjectRequiresSharedCodeFromScriptsLib() throws {
        let project = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: project) }
        #expect(try detent(["init", project]).status == 0)
        let files = [
            "scripts/lib/shared.lua": "return { anchors = { 'top', 'bottom' } }\n",
            "scripts/plugins/uses_shared.lua": """
                local shared = require("lib.shared")
                return { name = "uses_shared", version = "1", setup = function(detent)
                  detent.register_assertion("shared_count", function(state, arguments) return arguments[1] == #shared.anchors end,
                                            { positive = "Expected %s shared anchors", negative = "Expected not %s shared anchors" })
                end }
                """,
            "spec/shared_spec.lua": """
                local shared = require("lib.shared")
                it("requires scripts/lib from a spec and a plugin", function()
                  world:drawer{ anchors = shared.anchors }
                  assert.shared_count(2)
                end)
                """,
        ]
        for (path, text) in files {
            let full = project + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        for folder in [project, project + "/spec"] {
            let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run"], in: folder)
            #expect(run.status == 0 && run.output.hasSuffix("4 passed, 0 failed\n"), "from \(folder): \(run.output)")
        }
    }

    /// A binary run from the build folder has no installed examples (the install suite copies
    /// them with an installed one): `--examples` says where it looked and writes nothing.
    @Test func initExamplesWithoutInstalledExamplesWritesNothingAndSaysWhere() throws {
        let project = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let run = try detent(["init", "--examples", project])
        #expect(run.status == 2 && run.output.contains("detent init --examples: no examples at ")
                && run.output.contains("share/detent/examples") && run.output.contains("scripts/install.sh"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: project + "/detent.toml"))
    }

    @Test func configListsOriginsAndRefusesABadProjectFileWithItsLine() throws {
        let project = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: project) }
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        try "[run]\nseed = 4\n".write(toFile: project + "/detent.toml", atomically: true, encoding: .utf8)
        let listing = try detent(["config", "--config", project + "/detent.toml", "--json"])
        #expect(listing.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(listing.output.utf8)) as? [String: Any]
        let settings = json?["settings"] as? [[String: Any]] ?? []
        let seed = settings.first { $0["key"] as? String == "run.seed" }
        #expect(seed?["value"] as? Int == 4)
        #expect((seed?["origin"] as? [String: Any])?["line"] as? Int == 2)
        try "[run]\nseed = -1\n".write(toFile: project + "/detent.toml", atomically: true, encoding: .utf8)
        let bad = try detent(["config", "--config", project + "/detent.toml"])
        #expect(bad.status == 2 && bad.output.contains("detent.toml:2: key 'run.seed' must be a whole number"), "\(bad.output)")
    }

    /// A project written for busted runs unchanged (issue 27 §2, §3): its .busted sets the
    /// search path, a helper and tags to skip (no ROOT: spec/, busted's default); a spec
    /// requires a helper file by path and a module; a describe body builds a class from what
    /// the outer setup made. Without .busted it still runs spec/, with busted's default lpath.
    @Test func aBustedProjectRunsUnchanged() throws {
        let project = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let files = [
            // No ROOT: busted's default, spec/.
            ".busted": "return { default = { lpath = './lua/?.lua;./src/?.lua', helper = 'spec/helper.lua', ['exclude-tags'] = 'slow', coverage = false } }",
            "lua/greeter.lua": "return { greet = function(n) return 'hi ' .. n end }",
            "src/counter.lua": "return { start = 3 }",
            "spec/helper.lua": "HELPED = true",
            "spec/support/helpers.lua": "return { twice = function(x) return 2 * x end }",
            "spec/greeter_spec.lua": """
                local greeter = require("greeter")
                local helpers = require("spec/support/helpers")
                describe("greeter", function()
                  it("greets, with the helper's global and a helper file", function()
                    assert.is_true(HELPED)
                    assert.are.equal("hi bob", greeter.greet("bob"))
                    assert.are.equal(6, helpers.twice(require("counter").start))
                  end)
                  it("is skipped by exclude-tags #slow", function() error("ran") end)
                end)
                """,
            // A class built in a describe body from what the outer setup made: busted runs
            // the inner body after that setup.
            "spec/built_spec.lua": """
                local made
                describe("a class", function()
                  setup(function() made = { base = 40 } end)
                  describe("built from the setup's value", function()
                    local Class = { value = made.base + 2 }
                    it("is there", function() assert.are.equal(42, Class.value) end)
                  end)
                end)
                """,
        ]
        for (path, text) in files {
            let full = project + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run"], in: project)
        let output = run.output
        #expect(run.status == 0 && output.hasSuffix("2 passed, 0 failed\n"), "\(output)")
        #expect(output.contains("detent: .busted: 'coverage' of task 'default' is not used by Detent"))

        // Without .busted (and no detent.toml, no scripts/scenarios): spec/ still, with
        // busted's default lpath (src/?.lua).
        try FileManager.default.removeItem(atPath: project + "/.busted")
        try FileManager.default.removeItem(atPath: project + "/spec/greeter_spec.lua")
        try "local counter = require('counter') it('finds src/', function() assert.are.equal(3, counter.start) end)"
            .write(toFile: project + "/spec/src_spec.lua", atomically: true, encoding: .utf8)
        let plain = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run"], in: project)
        #expect(plain.status == 0 && plain.output.hasSuffix("2 passed, 0 failed\n"), "\(plain.output)")
        // Chosen with the configuration, so `detent config` (and --watch, --connect) see it too.
        let config = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["config"], in: project)
        #expect(config.output.contains("# built-in busted's default ROOT, spec/, as scripts/scenarios is missing"), "\(config.output)")
    }

    /// `[lua] stdlib = "sandboxed"` in a project file gives `detent run` the daemon's sandbox
    /// (Tests/Fixtures/sandboxed: no io, debug, package or binary chunks; os the virtual clock;
    /// require of the project's Lua files only).
    @Test func aProjectCanAskForTheSandbox() throws {
        let folder = BuiltExecutables.root.appendingPathComponent("Tests/Fixtures/sandboxed").path
        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run", "sandboxed_spec.lua"], in: folder)
        #expect(run.status == 0 && run.output.hasSuffix("4 passed, 0 failed\n"), "\(run.output)")
    }
}
