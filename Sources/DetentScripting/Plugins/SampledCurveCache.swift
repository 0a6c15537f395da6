import DetentMotion
import Synchronization

/// Function curves plugins registered, sampled once per process: every spec file's state
/// loads the same plugin files, and a curve function is a function of progress alone, so the
/// samples one state took serve the states after it (keyed by the plugin file's path and
/// text and the curve's name: an edited file is sampled again).
final class SampledCurveCache: Sendable {
    static let shared = SampledCurveCache()

    struct Key: Hashable {
        var source: PluginSource.Key
        var name: String
    }

    private let curves = Mutex<[Key: TimingCurve]>([:])

    func curve(for key: Key) -> TimingCurve? { curves.withLock { $0[key] } }

    func store(_ curve: TimingCurve, for key: Key) { curves.withLock { $0[key] = curve } }
}
