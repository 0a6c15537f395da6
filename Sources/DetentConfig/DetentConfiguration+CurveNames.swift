import DetentMotion
import DetentScripting
import DetentWorld

/// Curve names in engine.toml and `detent.world{config=}` may name a plugin's curve (SPEC §12),
/// so they are checked once the plugins are known: an unknown name is then the config error it
/// would have been at load.
extension EngineDefaults {
    /// The curve names of the engine sections, with their keys.
    var curveNames: [(key: String, name: String)] {
        var names = [("motion.curve", motion.curve)]
        for section in EngineRegistry.sections {
            for (key, value) in section.values(in: self) {
                if case let .curve(name) = value { names.append(("\(section.name).\(key)", name)) }
            }
        }
        return names
    }

    /// The first curve name that is neither built in nor among `pluginCurves`.
    package func unknownCurve(pluginCurves: Set<String>) -> (key: String, name: String)? {
        curveNames.first { CubicBezier.named($0.name) == nil && !pluginCurves.contains($0.name) }
    }

    package static func expectedCurves(_ pluginCurves: Set<String>) -> String {
        (CubicBezier.curveNames + pluginCurves.sorted()).joined(separator: ", ")
    }
}

extension DetentConfiguration {
    /// Throws the config error of a curve name in engine.toml that no plugin registered.
    public func checkCurveNames(pluginCurves: Set<String>) throws {
        guard let unknown = engineDefaults.unknownCurve(pluginCurves: pluginCurves) else { return }
        let origin = source.tree.origins.origin(of: "engine." + unknown.key)
        throw ConfigError(file: origin?.file ?? "config/engine.toml", line: origin?.line,
                          "key '\(origin?.writtenKey ?? unknown.key)' must be one of: \(EngineDefaults.expectedCurves(pluginCurves)) (found \"\(unknown.name)\"; plugins may register more)")
    }
}
