import DetentRuntime
import DetentScripting
import DetentAdaptive
import DetentNavigation
import DetentWorld
import DetentConfig

extension Benchmarks {
    /// Ticks per second of a split view (iPad) that never rests: it cycles through a detail
    /// shown from the primary column (an animated push on the secondary stack), a resize to a
    /// compact width (collapse: the details move onto the primary stack, the tab bar fades out),
    /// a resize back to full width (expand: pop to root, the details wait out the 0.4 s size
    /// change and go onto the secondary stack), an animated pop, and a tab selection — each as
    /// soon as the previous one has settled.
    public static func adaptiveThroughput(device: DeviceProfile, engine: EngineDefaults,
                                          traced: Bool = false, ticks: Int = 100_000) throws -> BenchmarkFigure {
        guard let compact = device.multitasking[.portrait]?.first(where: { $0.sizeClass == .compact })?.width else {
            throw ConfigError(file: "config/devices.toml", "the adaptive benchmark needs an iPad with a compact portrait multitasking width; \(device.name) has none")
        }
        let tracedNames = ["split.primary_width", "secondary.progress"]
        let m = try BenchmarkClock.perOperation(operations: ticks) {
            let world = World(configuration: WorldConfiguration(device: device))
            let roots = (1...3).map { Screen(id: "tab\($0)") }
            let split = try SplitViewEngine(world: world, defaults: engine[AdaptiveDefaults.self], navigationDefaults: engine[NavigationDefaults.self],
                                            roots: roots, placeholder: Screen(id: "placeholder"))
            try split.attach(to: world)
            let trace = TraceLoad(tracedNames, in: world, traced: traced)
            var step = 0, changes = 0
            for _ in 0..<ticks {
                if !world.isBusy {
                    switch step % 5 {
                    case 0:
                        try split.showDetail(Screen(id: "detail\(step)"), sender: .primary, in: world)
                        try split.showDetail(Screen(id: "more\(step)"), sender: .other, in: world)
                    case 1: try world.resize(toWidth: compact); changes += 1
                    case 2: try world.resize(toWidth: device.width); changes += 1
                    case 3: split.secondary.pop(animated: true, in: world)
                    default: try split.tabs.select((step / 5) % roots.count, in: world)
                    }
                    step += 1
                }
                world.step()
            }
            precondition(changes > 10 && split.secondary.stack.first === split.placeholder)
            trace.verify(frames: ticks)
        }
        return BenchmarkFigure(name: TraceLoad.label("ticks/s, split view collapsing, expanding and pushing", tracing: tracedNames, traced: traced), value: 1 / m.median, unit: "ticks/s",
                               spread: "\(formatNumber(1 / m.max))–\(formatNumber(1 / m.min))")
    }
}
