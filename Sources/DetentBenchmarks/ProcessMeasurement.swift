import DetentRuntime
import DetentPlatform
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command to completion and reports its wall time and peak resident memory, with
/// its output discarded.
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`), not from our own wait4: a child
/// spawned by this (large) process inherits our RSS high-water mark at exec, so its
/// ru_maxrss would report our peak, not its own. GNU time is small and forks the command.
enum ProcessMeasurement {
    struct Sample {
        var seconds: Double
        /// nil when GNU time is not installed.
        var peakMiB: Double?
        var status: Int32
    }

    /// A command that could not be measured.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let gnuTime = "/usr/bin/time"

    static func run(_ command: [String]) throws -> Sample {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("detent-bench-rss-\(getpid())").path
        let measured = FileManager.default.isExecutableFile(atPath: gnuTime)
        let arguments = measured ? [gnuTime, "-f", "%M", "-o", report] + command : command
        defer { try? FileManager.default.removeItem(atPath: report) }
        let start = BenchmarkClock.now()
        let pid = try ChildProcess.start(arguments, silenced: true)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let seconds = Double(BenchmarkClock.now() - start) / 1e9
        let kib = measured ? (try? String(contentsOfFile: report, encoding: .utf8)).flatMap { Double($0.trimmingWhitespace()) } : nil
        return Sample(seconds: seconds, peakMiB: kib.map { $0 / 1024 }, status: (status >> 8) & 0xff)
    }

    /// Whether `name` is on PATH.
    static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}

private func peakNote(_ peak: Double?) -> String {
    peak.map { String(printf: "peak RSS %.1f MiB", $0) } ?? "peak RSS unknown (install GNU time: apt-get install time)"
}

extension Benchmarks {
    /// 1,000 trivial specs (100 files × 10 tests, busted-compatible) run by `detent run` and
    /// by busted in the same session: median wall time of `samples` runs and peak memory.
    public static func thousandSpecs(detentExecutable: String, configArgument: String?, scratch: URL, samples: Int = 5) throws -> [BenchmarkFigure] {
        let folder = scratch.appendingPathComponent("thousand")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for f in 1...100 {
            var text = "describe(\"group \(f)\", function()\n"
            for t in 1...10 { text += "  it(\"case \(t)\", function() assert.are.equal(\(t + 1), \(t) + 1) end)\n" }
            text += "end)\n"
            try AtomicFile.write(text, to: folder.appendingPathComponent(String(printf: "group%03d_spec.lua", f)).path, flush: false)
        }
        func measure(_ arguments: [String]) throws -> (seconds: Double, peak: Double?) {
            var runs: [ProcessMeasurement.Sample] = []
            for _ in 0..<samples {
                let sample = try ProcessMeasurement.run(arguments)
                guard sample.status == 0 else { throw ProcessMeasurement.Failure(message: "\(arguments[0]) failed on the 1,000 specs (exit \(sample.status))") }
                runs.append(sample)
            }
            runs.sort { $0.seconds < $1.seconds }
            return (runs[runs.count / 2].seconds, runs.compactMap(\.peakMiB).max())
        }
        let detent = try measure([detentExecutable, "run"] + (configArgument.map { ["--config", $0] } ?? []) + [folder.path])
        var figures = [
            BenchmarkFigure(name: "1,000 trivial specs: detent run", value: detent.seconds * 1e3, unit: "ms", spread: "",
                            note: peakNote(detent.peak)),
        ]
        if ProcessMeasurement.isInstalled("busted") {
            let busted = try measure(["busted", folder.path])
            figures.append(BenchmarkFigure(name: "1,000 trivial specs: busted", value: busted.seconds * 1e3, unit: "ms", spread: "",
                                           note: peakNote(busted.peak) + String(printf: "; detent takes %.2f× busted's time", detent.seconds / busted.seconds)))
        } else {
            figures.append(BenchmarkFigure(name: "1,000 trivial specs: busted", value: .nan, unit: "ms", spread: "",
                                           note: "busted is not installed (apt-get install lua-busted)"))
        }
        return figures
    }
}
