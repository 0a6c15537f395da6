import Foundation
import DetentRuntime
import DetentFuzzSupport
import DetentConfig

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
// libFuzzer's callback, and the process's entry: SwiftPM links `main` to this module's
// `DetentFuzzConfig_main`, which hands the arguments to libFuzzer's driver.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    fuzzConfig(UnsafeBufferPointer(start: data, count: size))
    return 0
}

@_cdecl("DetentFuzzConfig_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzzerTestOneInput(data, size) }
}
#else
@main
enum ReplayConfigInputs {
    static func main() {
        replayFuzzInputs(CommandLine.arguments.dropFirst(), name: "detent-fuzz-config") { fuzzConfig($0) }
    }
}
#endif
