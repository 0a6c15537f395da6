import DetentRuntime
import DetentScripting
import DetentDrawer
import DetentLayout
import DetentTime
import DetentWorld

extension Benchmarks {
    /// Ticks per second of a world whose drawer is always in motion: a finger flicks the header
    /// (touch samples at 60 Hz through the touch engine, hit-testing and the velocity tracker),
    /// the policy picks an anchor and the spring settles; as soon as it rests, the next flick
    /// starts, alternating up and down.
    public static func drawerThroughput(device: DeviceProfile, engine: EngineDefaults, traced: Bool = false, ticks: Int = 100_000) -> BenchmarkFigure {
        let tracedNames = ["drawer.origin", "drawer.velocity"]
        let m = BenchmarkClock.perOperation(operations: ticks) {
            let world = World(configuration: WorldConfiguration(device: device))
            let drawer = DrawerEngine(world: world, defaults: engine[DrawerDefaults.self], content: ScrollContent(contentHeight: 2000))
            drawer.attach(to: world)
            try! drawer.setAnchors([("top", .named("top")), ("middle", .named("middle")), ("bottom", .named("bottom"))], in: world)
            try! drawer.move(toAnchor: "bottom", in: world)
            let trace = TraceLoad(tracedNames, in: world, traced: traced)
            var up = true
            var flicks = 0
            let period = VirtualTime.nanosecondsPerSecond / Int64(device.touchRateHz)
            for _ in 0..<ticks {
                if !world.isBusy {
                    flicks += 1
                    let start = Point(x: 100, y: drawer.origin + drawer.headerHeight / 2)
                    let touch = world.touches.begin(at: start, time: world.time)
                    for k in 1...6 {
                        try! world.touches.move(touch, to: Point(x: 100, y: start.y + Double(k) * (up ? -12 : 12)), at: world.time + Int64(k) * period)
                    }
                    try! world.touches.end(touch, at: world.time + 7 * period)
                    up.toggle()
                }
                world.step()
            }
            precondition(flicks > 10)
            trace.verify(frames: ticks)
        }
        return BenchmarkFigure(name: TraceLoad.label("ticks/s, drawer flicked and settling", tracing: tracedNames, traced: traced), value: 1 / m.median, unit: "ticks/s",
                               spread: "\(formatNumber(1 / m.max))–\(formatNumber(1 / m.min))")
    }
}
