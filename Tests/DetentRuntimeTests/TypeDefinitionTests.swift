import Foundation
import Testing
import DetentLua
import DetentScripting
import DetentWorld

/// The editor's type definitions (`scripts/types/*.lua`, `---@meta` files for
/// lua-language-server) describe exactly what the running bindings offer: every engine class's
/// fields and methods, the `detent` table, the prelude's globals, luassert's tables, spies,
/// stubs, series checkers and the plugin API. A binding added without its definition (or a
/// definition left behind by a removed binding) fails here, naming each one.
@Suite struct TypeDefinitionTests {
    @Test func definitionsDeclareEveryBindingAndNothingElse() throws {
        let definitions = try TypeDefinitions.load(from: RunHarness.root.appendingPathComponent("scripts/types"))
        let api = try RuntimeAPI.probe(declaredChainWords: definitions.members(of: "luassert.chain"),
                                       declaredMatcherWords: definitions.members(of: "luassert.matchers"))
        var missing: [String] = [], extra: [String] = []
        for (namespace, names) in api.namespaces.sorted(by: { $0.key < $1.key }) {
            let declared = namespace == RuntimeAPI.globals ? definitions.globals.subtracting(RuntimeAPI.standardGlobals)
                : definitions.members(of: namespace)
            if namespace != RuntimeAPI.globals && !definitions.classes.keys.contains(namespace) {
                missing.append("---@class \(namespace) (\(names.sorted().joined(separator: ", ")))")
                continue
            }
            missing += names.subtracting(declared).sorted().map { qualified(namespace, $0) }
            extra += declared.subtracting(names).sorted().map { qualified(namespace, $0) }
        }
        // Assertion and matcher words are open registries: each declared word must be one the
        // running library knows, and every built-in assertion with a message must be declared.
        extra += api.unknownChainWords.sorted().map { "luassert.chain.\($0) (not an assertion or modifier)" }
        extra += api.unknownMatcherWords.sorted().map { "luassert.matchers.\($0) (not a matcher)" }
        missing += api.messageAssertions.subtracting(definitions.members(of: "luassert.chain")).sorted()
            .map { "luassert.chain.\($0) (assert.messages has assertion.\($0).positive)" }
        #expect(missing.isEmpty, "scripts/types lacks these bindings:\n  \(missing.joined(separator: "\n  "))")
        #expect(extra.isEmpty, "scripts/types declares what the bindings lack:\n  \(extra.joined(separator: "\n  "))")
    }

    @Test func everyEngineClassHasADefinitionClass() throws {
        let definitions = try TypeDefinitions.load(from: RunHarness.root.appendingPathComponent("scripts/types"))
        let host = try RuntimeAPI.makeHost()
        let undefined = host.lua.registeredClasses.map { APIReference.definitionClass(for: $0.name) }
            .filter { !definitions.classes.keys.contains($0) }
        #expect(undefined.isEmpty, "no ---@class for: \(undefined.joined(separator: ", "))")
        #expect(!host.lua.registeredClasses.isEmpty)
    }

    /// The engine classes' `---@field` lines and docs/api.md are generated from the bindings'
    /// declarations (`detent api`): a property added, renamed or re-documented in its table
    /// without regenerating them fails here with the command that fixes it.
    @Test func fieldLinesAndTheAPIReferenceAreTheGeneratedOnes() throws {
        let classes = try APIReference.classes()
        let types = RunHarness.root.appendingPathComponent("scripts/types/engines.lua")
        let committedTypes = try String(contentsOf: types, encoding: .utf8)
        let difference = firstDifference(committedTypes, APIReference.typeDefinitions(updating: committedTypes, classes: classes))
        #expect(difference == nil, """
            scripts/types/engines.lua drifted from the bindings' field declarations (\(difference ?? "")); \
            run: detent api --types scripts/types/engines.lua --output scripts/types/engines.lua
            """)
        let api = RunHarness.root.appendingPathComponent("docs/api.md")
        let committedAPI = (try? String(contentsOf: api, encoding: .utf8)) ?? ""
        let apiDifference = firstDifference(committedAPI, APIReference.markdown(classes: classes))
        #expect(apiDifference == nil, "docs/api.md drifted from the bindings (\(apiDifference ?? "")); run: detent api --markdown --output docs/api.md")
    }

    @Test func everyEngineFieldIsDeclaredWithItsType() throws {
        for cls in try APIReference.classes() {
            #expect(cls.undocumented.isEmpty, "\(cls.name) has fields without a field declaration: \(cls.undocumented.joined(separator: ", "))")
            #expect(cls.fields.allSatisfy { !$0.type.isEmpty }, "\(cls.name) has a field without a type")
        }
    }

    @Test func generatedFieldLinesReplaceOnlyDeclaredFields() {
        let cls = LuaClassDocs(name: "thing", fields: [LuaFieldDoc(name: "size", type: "number", unit: "pt", doc: "Points.", readable: true, writable: false)],
                               undocumented: [], methods: [])
        let text = "---@class detent.thing\n---@field handle userdata Kept.\n---@field size string Old.\n---@field gone number\nlocal thing = {}"
        // `gone` is no declared field, so it is kept (the drift test's other half reports it).
        #expect(APIReference.typeDefinitions(updating: text, classes: [cls])
                == "---@class detent.thing\n---@field handle userdata Kept.\n---@field gone number\n---@field size number Points.\nlocal thing = {}")
    }

    /// "line N: «committed» ≠ «generated»" for the first line that differs, or nil.
    private func firstDifference(_ committed: String, _ generated: String) -> String? {
        let a = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let b = generated.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) {
            let left = i < a.count ? String(a[i]) : "(end of file)", right = i < b.count ? String(b[i]) : "(end of file)"
            if left != right { return "line \(i + 1): «\(left)» ≠ generated «\(right)»" }
        }
        return nil
    }

    @Test func parserReadsClassesFieldsMethodsAndGlobals() {
        let definitions = TypeDefinitions(parsing: """
            ---@meta
            ---@class detent.drawer : detent.engine
            ---@field origin number  Points.
            ---@field private hidden number
            ---@field [string] number
            local drawer = {}
            ---@param name string
            function drawer:move_to(name) end
            ---@class detent
            ---@field version string
            detent = {}
            ---@class detent.motion
            detent.motion = {}
            function detent.motion.curve(name, t) end
            function detent.world(options) end
            ---@type detent.world
            world = nil
            function wait(seconds) end
            """)
        #expect(definitions.members(of: "detent.drawer") == ["origin", "move_to"])
        #expect(definitions.members(of: "detent") == ["version", "world", "motion"])
        #expect(definitions.members(of: "detent.motion") == ["curve"])
        #expect(definitions.globals == ["detent", "world", "wait"])
    }

    private func qualified(_ namespace: String, _ name: String) -> String {
        namespace == RuntimeAPI.globals ? "global \(name)" : "\(namespace).\(name)"
    }
}

/// What `---@meta` files declare: classes with their fields and functions, and globals.
struct TypeDefinitions {
    var classes: [String: Set<String>] = [:]
    var globals: Set<String> = []

    func members(of className: String) -> Set<String> { classes[className] ?? [] }

    static func load(from folder: URL) throws -> TypeDefinitions {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "lua" }.sorted { $0.path < $1.path }
        #expect(!files.isEmpty, "no definition files in \(folder.path)")
        var result = TypeDefinitions()
        for file in files { result.read(try String(contentsOf: file, encoding: .utf8)) }
        return result
    }

    init() {}
    init(parsing text: String) { read(text) }

    /// Reads the annotation forms the definitions use: `---@class Name[: parents]`, then its
    /// `---@field name` lines (not `private`/`protected` ones) and a `local x = {}` or
    /// `a.b = {}` that names the class's table; `function owner.f(`/`function owner:m(` add to
    /// the class whose table `owner` is; `function name(` and `name = ` at the top level are
    /// globals, as is a dotted table assignment's first part.
    mutating func read(_ text: String) {
        var aliases: [String: String] = [:]   // Lua expression naming a class's table -> class
        var current: String?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("---@class ") {
                var name = String(line.dropFirst("---@class ".count)).trimmingCharacters(in: .whitespaces)
                if name.hasPrefix("(") { name = String(name.drop { $0 != ")" }.dropFirst()).trimmingCharacters(in: .whitespaces) }
                name = String(name.prefix { !$0.isWhitespace && $0 != ":" })
                current = name
                classes[name, default: []].formUnion([])
                continue
            }
            if line.hasPrefix("---@field "), let className = current {
                let words = line.dropFirst("---@field ".count).split(separator: " ")
                guard var name = words.first.map(String.init) else { continue }
                if name == "private" || name == "protected" || name.hasPrefix("[") { continue }
                if name == "public" || name == "package", words.count > 1 { name = String(words[1]) }
                name = name.hasSuffix("?") ? String(name.dropLast()) : name
                classes[className, default: []].insert(name)
                continue
            }
            if line.hasPrefix("--") || line.isEmpty { continue }
            if line.hasPrefix("function ") {
                let signature = line.dropFirst("function ".count).prefix { $0 != "(" }
                if let split = signature.lastIndex(where: { $0 == "." || $0 == ":" }) {
                    let owner = String(signature[..<split]), member = String(signature[signature.index(after: split)...])
                    if let className = aliases[owner] { classes[className, default: []].insert(member) }
                } else {
                    globals.insert(String(signature))
                }
                current = nil
                continue
            }
            // `local x = {}`, `detent = {}`, `detent.motion = {}`, `world = nil`
            let isLocal = line.hasPrefix("local ")
            let assignment = isLocal ? line.dropFirst("local ".count) : Substring(line)
            if let equals = assignment.range(of: "=") {
                let target = assignment[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)
                guard target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { current = nil; continue }
                if let className = current { aliases[target] = className }
                if !isLocal {
                    if let dot = target.lastIndex(of: ".") {
                        let owner = String(target[..<dot]), member = String(target[target.index(after: dot)...])
                        if let ownerClass = aliases[owner] { classes[ownerClass, default: []].insert(member) }
                    } else {
                        globals.insert(target)
                    }
                }
            }
            current = nil
        }
    }
}

/// The API as the running bindings present it, read from a scenario host with a world.
struct RuntimeAPI {
    static let globals = "(globals)"
    /// Lua 5.4's own globals, which lua-language-server knows already (Detent's sandbox
    /// replaces some of them — print, require, os — with the same shapes).
    static let standardGlobals: Set<String> = [
        "_G", "_VERSION", "assert", "collectgarbage", "dofile", "error", "getmetatable", "ipairs", "load",
        "loadfile", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require",
        "select", "setmetatable", "tonumber", "tostring", "type", "xpcall", "warn",
        "coroutine", "debug", "io", "math", "os", "package", "string", "table", "utf8",
    ]

    var namespaces: [String: Set<String>] = [:]
    var unknownChainWords: Set<String> = []
    var unknownMatcherWords: Set<String> = []
    var messageAssertions: Set<String> = []

    static func makeHost() throws -> ScriptHost {
        let device = try RunHarness.configuration().device(named: "iPhone 15")
        let makeWorld = { WorldSetup(world: World(configuration: WorldConfiguration(device: device))) }
        let host = try ScriptHost(limits: ScriptLimits(instructionBudget: 0, memoryCapBytes: 0), luaSetup: nil, output: { _ in },
                                  worldFactory: { _ in makeWorld() })
        host.setWorld(makeWorld())
        return host
    }

    static func probe(declaredChainWords: Set<String>, declaredMatcherWords: Set<String>) throws -> RuntimeAPI {
        let host = try makeHost()
        var api = RuntimeAPI()
        for cls in host.lua.registeredClasses {
            var names = Set(cls.getters + cls.setters + cls.methods).filter { !$0.hasPrefix("_") }
            // touch() hands scripts a Lua wrapper: the handle's fields, `handle`, and the
            // stroke methods of gestures.lua.
            if cls.name == "touch" { names.formUnion(["handle"] + (try touchWrapperMethods())) }
            api.namespaces[APIReference.definitionClass(for: cls.name), default: []].formUnion(names)
        }
        // The plugin API is what a plugin's setup receives.
        let (_, failed) = host.loadPlugins([PluginSource(path: "probe.lua", text: """
            return { name = "probe", version = "1", setup = function(api)
              local names = {}
              for k in pairs(api) do names[#names + 1] = k end
              detent_probe_plugin_api = names
            end }
            """)])
        #expect(failed.isEmpty, "probe plugin: \(failed)")
        let lines = try stringList(host, """
            local out = {}
            local function add(ns, name) if type(name) == "string" then out[#out + 1] = ns .. "\\t" .. name end end
            local function keys(ns, t) for k in pairs(t) do add(ns, k) end end
            local plugin_api = detent_probe_plugin_api
            detent_probe_plugin_api = nil
            for _, k in ipairs(plugin_api) do add("detent.PluginAPI", k) end
            for k in pairs(_G) do add("\(globals)", k) end
            keys("detent", detent)
            keys("detent.motion", detent.motion)
            keys("luassert", assert)
            keys("luassert.spy", spy)
            keys("luassert.stub", stub)
            keys("luassert.mock", mock)
            keys("luassert.match", match)
            local target = { f = function() end }
            local a_spy = spy.on(target, "f")
            keys("luassert.Spy", a_spy)
            for k in pairs(stub.new()) do if a_spy[k] == nil then add("luassert.Stub", k) end end
            for k in pairs(getmetatable(assert.series({ times = { 0 }, values = { 0 } }))) do
              if not k:find("^__") then add("detent.Series", k) end
            end
            for k in pairs(assert.messages) do
              local name = k:match("^assertion%.([%w_]+)%.positive$")
              -- luassert names the messages of `holes` after its array.lua: array_holes.
              if name then add("(messages)", name == "array_holes" and "holes" or name) end
            end
            return out
            """)
        for line in lines {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0] == "(messages)" { api.messageAssertions.insert(parts[1]); continue }
            api.namespaces[parts[0], default: []].insert(parts[1])
        }
        api.namespaces[globals]?.subtract(standardGlobals)
        api.namespaces[globals]?.insert("world")
        // A running test's own global (spec.lua gives each test its finally, as busted does).
        api.namespaces[globals]?.insert("finally")
        api.unknownChainWords = try probeWords(host, declaredChainWords, """
            local ok, e = pcall(function() return assert[word]() end)
            return not ok and tostring(e):find("unknown assertion or modifier", 1, true) ~= nil
            """)
        api.unknownMatcherWords = try probeWords(host, declaredMatcherWords, """
            local ok, e = pcall(function() return match[word]() end)
            return not ok and tostring(e):find("unknown matcher or modifier", 1, true) ~= nil
            """)
        return api
    }

    /// The methods gestures.lua defines on touch()'s wrapper (`function Touch:name(`): its
    /// `Touch` table is local to the prelude, so it is read from the source.
    static func touchWrapperMethods() throws -> [String] {
        let source = try String(contentsOf: RunHarness.root.appendingPathComponent("Sources/DetentScripting/Lua/detent/gestures.lua"), encoding: .utf8)
        return source.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("function Touch:") else { return nil }
            return String(line.dropFirst("function Touch:".count).prefix { $0 != "(" })
        }
    }

    /// The declared words for which `test` (a chunk body seeing `word`) returns true.
    private static func probeWords(_ host: ScriptHost, _ words: Set<String>, _ test: String) throws -> Set<String> {
        let quoted = words.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return Set(try stringList(host, """
            local out = {}
            for _, word in ipairs({ \(quoted) }) do
              local unknown = (function() \(test) end)()
              if unknown then out[#out + 1] = word end
            end
            return out
            """))
    }

    /// Runs `code`, which returns a list of strings, in the host's state.
    private static func stringList(_ host: ScriptHost, _ code: String) throws -> [String] {
        let lua = host.lua
        try lua.load(code, chunkName: "=(type definition probe)")
        try lua.call(argumentCount: 0, resultCount: 1)
        defer { lua.pop() }
        if let single = lua.string(at: -1) { return single.isEmpty ? [] : [single] }
        var result: [String] = []
        let count = Int(lua.rawLength(at: -1))
        for i in stride(from: 1, through: count, by: 1) {
            lua.rawGet(index: i, inTableAt: -1)
            if let text = lua.string(at: -1) { result.append(text) }
            lua.pop()
        }
        return result
    }
}
