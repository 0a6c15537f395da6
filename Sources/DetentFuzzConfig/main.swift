import Foundation
import DetentRuntime
import DetentFuzzSupport

// Fuzz target for Detent's config files (issue #11): libFuzzer feeds bytes; the first picks
// the file (devices.toml, engine.toml, runner.toml, daemon.toml), the rest is its text. The
// only acceptable outcomes are a loaded file or a ConfigError — never a trap, an assertion
// inside the TOML library, or a hang.
//
// Built with `-sanitize=fuzzer -DFUZZING` by scripts/fuzz/run.sh. In an ordinary build this
// is `detent-fuzz-config FILE|DIR…`, which replays saved inputs (the committed corpus in
// Tests/FuzzCorpus/config, run by `swift test`).

let configFiles = ["devices.toml", "engine.toml", "runner.toml", "daemon.toml"]

func fuzzConfig(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let first = bytes.first else { return }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
    do {
        try DetentConfiguration.check(text, asFile: configFiles[Int(first) % configFiles.count])
    } catch is ConfigError {
    } catch {
        fatalError("a config file was refused with \(type(of: error)), not a ConfigError: \(error)")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    fuzzConfig(UnsafeBufferPointer(start: data, count: size))
    return 0
}
#else
replayFuzzInputs(CommandLine.arguments.dropFirst(), name: "detent-fuzz-config") { fuzzConfig($0) }
#endif
