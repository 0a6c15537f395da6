/// The precisions traces write their numbers at (SPEC §11), as `fixed` values: two identical
/// runs write identical bytes, and a 10-second trace stays small.
extension JSONValue {
    /// Points in geometry: 0.01 pt is far below what a replay or a test can tell apart.
    public static func pt(_ value: Double) -> JSONValue { .fixed(value, decimals: 2) }
    /// Series values, event payloads, alphas and progress: 1e-4 keeps them readable.
    public static func value(_ value: Double) -> JSONValue { .fixed(value, decimals: 4) }
}
