import DetentMotion
import FoundationEssentials
import NIOConcurrencyHelpers

/// Function curves plugins registered, sampled once per process: every spec file's state
/// loads the same plugin files, and a curve function is a function of progress alone, so the
/// samples one state took serve the states after it. Keyed by the plugin file's path and the
/// curve's name, holding the file version (fingerprint) they came from: an edited file is
/// sampled again and replaces the old samples.
final class SampledCurveCache: @unchecked Sendable {
    static let shared = SampledCurveCache()

    struct Key: Hashable {
        var path: String
        var name: String
    }

    // A NIOLock (a pthread mutex), which ThreadSanitizer sees.
    private let lock = NIOLock()
    private var curves: [Key: (source: PluginSource.Key, curve: TimingCurve)] = [:]

    func curve(for source: PluginSource, name: String) -> TimingCurve? {
        let key = source.key
        return lock.withLock { curves[Key(path: source.path, name: name)] }.flatMap { $0.source == key ? $0.curve : nil }
    }

    func store(_ curve: TimingCurve, for source: PluginSource, name: String) {
        let key = source.key
        lock.withLock { curves[Key(path: source.path, name: name)] = (key, curve) }
    }
}
