import DetentReports

extension TestResult {
    /// What a test that made no assertion fails with under `require_assertions`, after its
    /// location (as Jest's `expect.hasAssertions()` fails a test that called no `expect`).
    static let noAssertionMessage = "test made no assertion, and require_assertions is on ([run] require_assertions or "
        + "--require-assertions): assert what the test expects, or wait for it with wait_until, wait_idle or wait_event"

    /// Fails a test that passed having made no assertion (`madeNoAssertion`), at its `it`'s
    /// line: `[run] require_assertions` / `--require-assertions`. Other results are kept as
    /// they are.
    mutating func requireAssertion() {
        guard madeNoAssertion else { return }
        status = .failed
        message = "\(location): \(Self.noAssertionMessage)"
        expected = "at least one assertion"
        actual = "no assertion"
    }
}
