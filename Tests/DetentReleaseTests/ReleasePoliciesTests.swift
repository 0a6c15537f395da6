import Testing
import DetentRelease

/// SPEC §12: the built-in policies are registered through the same registry plugins use;
/// a name is registered once, and a second registration names the first owner.
@Suite("Release policies: the registry")
struct ReleasePoliciesTests {
    @Test func theBuiltInsAreRegisteredInOrderByTheBuiltInOwner() {
        let registry = ReleasePolicies.builtIn
        #expect(registry.names == ["ultradrawer", "floatingpanel", "nearest"])
        for name in registry.names {
            #expect(registry.owner(of: name) == ReleasePolicies.builtInOwner)
            #expect(registry.policy(named: name)?.name == name)
        }
    }

    @Test func aRegisteredPolicyResolvesByNameAfterTheBuiltIns() throws {
        var registry = ReleasePolicies.builtIn
        try registry.register(name: "halfway", owner: "plugin snap") { state in state.origin / 2 }
        #expect(registry.names == ["ultradrawer", "floatingpanel", "nearest", "halfway"])
        #expect(registry.owner(of: "halfway") == "plugin snap")
        let policy = try registry.resolve("halfway")
        #expect(policy.name == "halfway")
        #expect(try policy.select(release(300, 0)) == 150)
    }

    @Test func registeringABuiltInsNameIsRefusedNamingItsOwner() {
        var registry = ReleasePolicies.builtIn
        #expect(throws: ReleasePolicyError.duplicate(name: "nearest", owner: ReleasePolicies.builtInOwner)) {
            try registry.register(name: "nearest", owner: "plugin snap") { $0.origin }
        }
        #expect(ReleasePolicyError.duplicate(name: "nearest", owner: ReleasePolicies.builtInOwner).description
            == "a policy named 'nearest' is already registered by the built-in policies")
        #expect(registry.names == ["ultradrawer", "floatingpanel", "nearest"])
    }

    @Test func registeringAPluginsNameTwiceNamesThePlugin() throws {
        var registry = ReleasePolicies.builtIn
        try registry.register(name: "snappy", owner: "plugin snap") { $0.origin }
        #expect(throws: ReleasePolicyError.duplicate(name: "snappy", owner: "plugin snap")) {
            try registry.register(name: "snappy", owner: "plugin other") { $0.origin }
        }
        #expect(registry.owner(of: "snappy") == "plugin snap")
    }

    @Test func aPolicyWithoutANameIsRefused() {
        var registry = ReleasePolicies()
        #expect(throws: ReleasePolicyError.emptyName(owner: "plugin snap")) {
            try registry.register(ReleasePolicy(name: "") { $0.origin }, owner: "plugin snap")
        }
    }

    @Test func anUnknownNameListsTheRegisteredNames() throws {
        var registry = ReleasePolicies.builtIn
        try registry.register(name: "snappy", owner: "plugin snap") { $0.origin }
        #expect(throws: ReleasePolicyError.unknown(name: "bouncy", known: ["ultradrawer", "floatingpanel", "nearest", "snappy"])) {
            try registry.resolve("bouncy")
        }
        #expect(ReleasePolicyError.unknown(name: "bouncy", known: ["ultradrawer", "nearest"]).description
            == "unknown policy 'bouncy' (expected one of: ultradrawer, nearest, or a function)")
        #expect(registry.policy(named: "bouncy") == nil)
    }

    @Test func unregisteringAnOwnerRemovesItsPoliciesAndKeepsTheBuiltIns() throws {
        var registry = ReleasePolicies.builtIn
        try registry.register(name: "a", owner: "plugin one") { $0.origin }
        try registry.register(name: "b", owner: "plugin two") { $0.origin }
        try registry.register(name: "c", owner: "plugin one") { $0.origin }
        #expect(registry.unregisterAll(ownedBy: "plugin one") == ["a", "c"])
        #expect(registry.names == ["ultradrawer", "floatingpanel", "nearest", "b"])
        #expect(registry.unregisterAll(ownedBy: ReleasePolicies.builtInOwner).isEmpty)
        #expect(registry.names.count == 4)
        // A removed name can be registered again (a plugin reloaded).
        try registry.register(name: "a", owner: "plugin one") { $0.origin }
    }

    @Test func eachCopyOfTheRegistryIsItsOwn() throws {
        let original = ReleasePolicies.builtIn
        var copy = original
        try copy.register(name: "mine", owner: "plugin snap") { $0.origin }
        #expect(original.policy(named: "mine") == nil)
        #expect(copy.policy(named: "mine") != nil)
    }
}
