import ArgumentParser

/// `detent bench`: release-mode benchmarks (filled in below).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run Detent's benchmarks (build with -c release).")
    func run() throws {
        throw ValidationError("benchmarks are not built yet")
    }
}
