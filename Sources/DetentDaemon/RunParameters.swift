import DetentDaemonClient
import DetentJSON
import DetentRuntime
import FoundationEssentials

/// `run`: spec files (or a spec's source) and the options `detent run` takes for them.
struct RunParameters: MethodParameters {
    /// One spec file or folder, several, or a spec's source (exactly one of the three).
    var path: String?
    var paths: [String]?
    var source: String?
    /// The source's file name in results (default "(source)").
    var name: String?
    /// An absolute folder the paths are relative to (default: the daemon's folder).
    var cwd: String?
    var filter: [String]?
    var filterOut: [String]?
    var tags: [String]?
    var excludeTags: [String]?
    var seed: UInt64?
    var shuffle = false
    var device: String?
    var list = false
    var retries: Int64 = 0
    var repeatCount: Int64 = 1
    var maxFailures: Int64?
    var failOnFlaky = false
    /// nil: the daemon's `[run] require_assertions`.
    var requireAssertions: Bool?

    static let fields: [ParameterField<Self>] = [
        .string("path", \.path), .strings("paths", \.paths), .string("source", \.source), .string("name", \.name),
        .string("cwd", \.cwd), .strings("filter", \.filter), .strings("filter_out", \.filterOut), .strings("tags", \.tags),
        .strings("exclude_tags", \.excludeTags), .unsigned("seed", \.seed), .bool("shuffle", \.shuffle),
        .string("device", \.device), .bool("list", \.list), .integer("retries", 0...1000, \.retries),
        .integer("repeat", 1...100_000, \.repeatCount), .integer("max_failures", 1...Int64(Int32.max), \.maxFailures),
        .bool("fail_on_flaky", \.failOnFlaky), .bool("require_assertions", \.requireAssertions),
    ]

    func check() throws {
        let given = [("path", path != nil), ("paths", paths != nil), ("source", source != nil)].filter(\.1).map(\.0)
        guard given.count == 1 else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: give exactly one of 'path', 'paths' or 'source' (found \(given.isEmpty ? "none" : given.joined(separator: ", ")))")
        }
        if let paths, paths.isEmpty {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'paths' must be a non-empty array of strings (found an empty array)")
        }
        if let cwd, !cwd.hasPrefix("/") {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'cwd' must be an absolute folder path (found \(JSONValue.string(cwd).text))")
        }
    }

    /// The run's options, and the inline sources by the file name results give them.
    func options() -> (options: RunOptions, inline: [String: String]) {
        var options = RunOptions()
        var inline: [String: String] = [:]
        if let source {
            let file = name ?? "(source)"
            inline[file] = source
            options.paths = [file]
        } else {
            options.paths = path.map { [$0] } ?? paths ?? []
        }
        options.workingDirectory = cwd ?? FileManager.default.currentDirectoryPath
        options.filters = filter ?? []
        options.filtersOut = filterOut ?? []
        options.tags = tags ?? []
        options.excludeTags = excludeTags ?? []
        if let seed { options.seed = seed }
        options.shuffle = shuffle
        options.list = list
        options.device = device
        options.retries = Int(retries)
        options.repeatCount = Int(repeatCount)
        options.maxFailures = maxFailures.map { Int($0) }
        options.failOnFlaky = failOnFlaky
        options.requireAssertions = requireAssertions ?? false
        return (options, inline)
    }
}
