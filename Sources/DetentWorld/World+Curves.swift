import DetentMotion

extension World {
    /// The timing curve called `name`: a built-in one (CSS and Core Animation's, `sheet`),
    /// else one a plugin registered (`pluginCurves`, given to the world by the script host);
    /// nil for an unknown name. Engines look up the curve names of their config this way, so
    /// engine.toml and `detent.world{config=}` can name plugin curves (SPEC §2, §12).
    public func timingCurve(named name: String) -> TimingCurve? {
        if let curve = CubicBezier.named(name) { return .bezier(curve) }
        return pluginCurves[name]
    }
}
