import DetentRuntime
import DetentScripting
import DetentNavigation
import DetentTime
import DetentWorld

extension Benchmarks {
    /// Ticks per second of a world whose navigation stack is always mid-transition: pushes
    /// up to 6 screens (one with a large title, so the bar and compensation work), then pops
    /// back to the root, animated, over and over.
    public static func navigationThroughput(device: DeviceProfile, engine: EngineDefaults, traced: Bool = false,
                                            ticks: Int = 100_000) -> BenchmarkFigure {
        let tracedNames = ["navigation.progress", "navigation.bar_height"]
        let m = BenchmarkClock.perOperation(operations: ticks) {
            let world = World(configuration: WorldConfiguration(device: device))
            let navigation = NavigationEngine(world: world, defaults: engine[NavigationDefaults.self])
            navigation.attach(to: world)
            let trace = TraceLoad(tracedNames, in: world, traced: traced)
            let screens = (0..<6).map { i -> Screen in
                let screen = Screen(id: "s\(i)", title: "Screen \(i)")
                screen.navigationItem.largeTitle = i % 3 == 1 ? .always : .never
                return screen
            }
            try! navigation.set([screens[0]], animated: false, in: world)
            var pushed = 1
            var transitions = 0
            for _ in 0..<ticks {
                if !navigation.isTransitioning {
                    transitions += 1
                    if pushed < screens.count {
                        try! navigation.push(screens[pushed], animated: true, in: world)
                        pushed += 1
                    } else {
                        navigation.popToRoot(animated: true, in: world)
                        pushed = 1
                    }
                }
                world.step()
            }
            precondition(transitions > ticks / 30)
            trace.verify(frames: ticks)
        }
        return BenchmarkFigure(name: TraceLoad.label("ticks/s, navigation always mid push/pop", tracing: tracedNames, traced: traced), value: 1 / m.median, unit: "ticks/s",
                               spread: "\(formatNumber(1 / m.max))–\(formatNumber(1 / m.min))")
    }
}
