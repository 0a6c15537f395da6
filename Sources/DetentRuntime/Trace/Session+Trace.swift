import DetentScripting
import DetentWorld
import Logging
import DetentTime
import DetentJSON
import DetentTrace
import DetentReports

extension Session {
    /// Starts recording a test's trace when `--trace` is on (`TestSelection.trace`, kept by the
    /// run loop for the file's tests): nil, and nothing recorded, when it is off.
    func startTrace(_ test: CollectedTest, file: String, retry: Int, iteration: Int?) -> TestTrace? {
        let options = virtualLoop.traceOptions
        guard options.isEnabled, let world = host.world else { return nil }
        let header: [(String, JSONValue)] = [
            ("type", .string("header")), ("format", .int(Int64(TestTrace.formatVersion))), ("detent", .string(DetentVersion.string)),
            ("spec", .string(file)), ("test", .string(test.fullName)), ("location", .string(test.location)),
            ("device", .string(world.configuration.device.name)), ("refresh_rate", .string(world.configuration.device.refreshRate.description)),
            ("seed", .string(String(settings.seed))), ("config", .string(ConfigDigest.of(settings.configuration))),
            ("retry", .int(Int64(retry))), ("iteration", iteration.map { .int(Int64($0)) } ?? .null),
        ]
        var path = options.path(file: file, fullName: test.fullName, location: test.location, retry: retry, iteration: iteration)
        let uses = virtualLoop.tracePathUses[path, default: 0]
        virtualLoop.tracePathUses[path] = uses + 1
        if uses > 0 { path = String(path.dropLast(".jsonl".count)) + ".run\(uses + 1).jsonl" }
        let trace = TestTrace(options: options, path: path, header: header)
        trace.observe(world)
        virtualLoop.frameObserver = { [unowned trace] world in trace.record(world) }
        return trace
    }

    /// Writes (or, under `retain-on-failure`, drops) the trace and sets `result.tracePath`.
    func finishTrace(_ trace: TestTrace?, _ result: inout TestResult) {
        guard let trace else { return }
        virtualLoop.frameObserver = nil
        if let problem = trace.finish(&result) { logger.warning("\(problem)") }
    }
}
