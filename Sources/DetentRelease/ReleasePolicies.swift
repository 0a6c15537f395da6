/// The target-selection policies scripts can name (SPEC §6, §12): name → policy, with who
/// registered each. It starts with the built-ins, registered like any other; plugins add
/// theirs (`detent.register_policy`). A value: each script host owns its own copy.
///
/// - Complexity: lookups and registrations are O(n) in the number of policies (a handful).
public struct ReleasePolicies {
    /// One registered policy and who registered it (`builtInOwner`, or a plugin's name).
    public struct Entry {
        public let policy: ReleasePolicy
        public let owner: String
    }

    /// The owner recorded for the built-ins.
    public static let builtInOwner = "the built-in policies"

    /// In registration order (the built-ins first).
    public private(set) var entries: [Entry] = []

    /// An empty registry (a test's, or one to fill differently).
    public init() {}

    /// `ultradrawer` (the default), `floatingpanel` and `nearest`.
    public static var builtIn: ReleasePolicies {
        var registry = ReleasePolicies()
        for policy in [ReleasePolicy.ultradrawer, .floatingpanel, .nearest] {
            // The three names are distinct and not empty.
            try! registry.register(policy, owner: builtInOwner)
        }
        return registry
    }

    /// The registered names, in registration order.
    public var names: [String] { entries.map(\.policy.name) }

    /// The policy registered as `name`, or nil.
    public func policy(named name: String) -> ReleasePolicy? {
        entries.first { $0.policy.name == name }?.policy
    }

    /// Who registered `name`, or nil.
    public func owner(of name: String) -> String? {
        entries.first { $0.policy.name == name }?.owner
    }

    /// The policy registered as `name`.
    /// - Throws: `ReleasePolicyError.unknown` listing the registered names.
    public func resolve(_ name: String) throws -> ReleasePolicy {
        guard let policy = policy(named: name) else { throw ReleasePolicyError.unknown(name: name, known: names) }
        return policy
    }

    /// Registers `policy` under its name for `owner` (a plugin's name, for messages).
    /// - Throws: `ReleasePolicyError.duplicate` naming the first owner when the name is
    ///   taken (built-ins included); `.emptyName` for a policy without a name.
    public mutating func register(_ policy: ReleasePolicy, owner: String) throws {
        guard !policy.name.isEmpty else { throw ReleasePolicyError.emptyName(owner: owner) }
        if let first = self.owner(of: policy.name) { throw ReleasePolicyError.duplicate(name: policy.name, owner: first) }
        entries.append(Entry(policy: policy, owner: owner))
    }

    /// Registers a rule as `name` for `owner` (see `register(_:owner:)`).
    public mutating func register(name: String, owner: String, select: @escaping (ReleaseState) throws -> Double) throws {
        try register(ReleasePolicy(name: name, select: select), owner: owner)
    }

    /// Removes every policy `owner` registered (a plugin being reloaded); the built-ins stay.
    /// Returns the names removed.
    @discardableResult
    public mutating func unregisterAll(ownedBy owner: String) -> [String] {
        guard owner != Self.builtInOwner else { return [] }
        let removed = entries.filter { $0.owner == owner }.map(\.policy.name)
        entries.removeAll { $0.owner == owner }
        return removed
    }
}
