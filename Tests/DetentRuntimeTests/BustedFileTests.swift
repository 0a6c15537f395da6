import Foundation
import Testing
import DetentLua
@testable import DetentRuntime
@testable import DetentConfig

/// `.busted` files as busted reads them (issue 27 §2): a task over `_all`, its keys as a layer
/// under detent.toml, notices for what Detent does not use.
@Suite("Project file: .busted")
struct BustedFileTests {
    static let busted = """
        return {
          _all = { verbose = true, coverage = true },
          default = {
            ROOT = { "spec", "more" }, pattern = "_test", ["exclude-pattern"] = "wip",
            lpath = "./lua/?.lua;./lib/?/init.lua", tags = "fast,ui", ["exclude-tags"] = { "slow" },
            helper = "spec/helper.lua", shuffle = true, seed = 5, output = "TAP", ["auto-insulate"] = false,
          },
          ci = { ROOT = { "spec" }, output = "junit", verbose = false },
        }
        """

    @Test func theDefaultTaskOverAllBecomesDetentsSettings() throws {
        let root = try ProjectConfigTests.project([".busted": Self.busted])
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = try ProjectConfigTests.load(in: root)
        let run = configuration.run
        #expect(run.scenarios == ["spec", "more"])
        #expect(run.specPatterns == ["_test"] && run.excludedSpecPatterns == ["wip"])
        #expect(run.tags == ["fast", "ui"] && run.excludedTags == ["slow"])
        #expect(run.helper == "spec/helper.lua" && run.shuffle && run.seed == 5 && run.verbose && run.output == "tap")
        #expect(configuration.lua.path == [root.path + "/lua/?.lua", root.path + "/lib/?/init.lua"])
        #expect(configuration.source.notices == [".busted: 'auto-insulate' of task 'default' is not used by Detent",
                                                 ".busted: 'coverage' of task 'default' is not used by Detent"])
        let origin = try #require(configuration.source.tree.origins["run.exclude_tags"])
        #expect(origin.name == ".busted" && origin.writtenKey == "exclude-tags")
    }

    @Test func runNamesAnotherTaskAndAnUnknownOneIsAnError() throws {
        let root = try ProjectConfigTests.project([".busted": Self.busted])
        defer { try? FileManager.default.removeItem(at: root) }
        var location = ConfigLocation(explicit: nil, environment: nil, workingDirectory: root.path)
        location.bustedTask = "ci"
        let ci = try DetentConfiguration.load(location)
        #expect(ci.run.output == "junit" && !ci.run.verbose && ci.run.scenarios == ["spec"])
        location.bustedTask = "nightly"
        let error = try #require(ProjectConfigTests.configError { _ = try DetentConfiguration.load(location) })
        #expect(error.description == ".busted: has no task 'nightly' (tasks: ci, default)")
    }

    @Test func detentTomlWinsWhereBothSetAKey() throws {
        let root = try ProjectConfigTests.project([".busted": Self.busted, "detent.toml": "[run]\nseed = 9\n[lua]\npath = [\"src/?.lua\"]\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = try ProjectConfigTests.load(in: root)
        #expect(configuration.run.seed == 9 && configuration.lua.path == [root.path + "/src/?.lua"])
        #expect(configuration.run.tags == ["fast", "ui"])   // only .busted sets it
        #expect(configuration.source.tree.origins["run.seed"]?.line == 2)
    }

    @Test func withoutBustedOrAPathOfItsOwnBustedsDefaultLpathIsSearched() throws {
        let empty = try ProjectConfigTests.project([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let path = try ProjectConfigTests.load(in: empty).lua.path
        for template in ["src/?.lua", "src/?/?.lua", "src/?/init.lua"] { #expect(path.contains(empty.path + "/" + template)) }
    }

    @Test(arguments: [
        ("return 5", ".busted: must return a table of tasks, like { default = { ROOT = {'spec'} } } (it returned number)"),
        ("return {\n default = {\n shuffle = 'yes' } }", ".busted: 'shuffle' of task 'default' must be true or false, found a string"),
        ("return {\n default = \n", ".busted:3: unexpected symbol near <eof>"),
        ("error('no')", ".busted:1: no"),
    ])
    func aBadBustedFileIsAnErrorNamingIt(text: String, message: String) throws {
        let root = try ProjectConfigTests.project([".busted": text])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(ProjectConfigTests.configError { _ = try ProjectConfigTests.load(in: root) })
        #expect(error.description == message)
    }
}
