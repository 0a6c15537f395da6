import DetentRuntime
import DetentScripting
import DetentLayout
import DetentNavigation
import DetentSheet
import DetentTime
import DetentWorld

extension Benchmarks {
    /// Ticks per second of a world whose sheet is always moving: its navigation pushes and pops
    /// (the height follows each transition), and between them a finger flicks the sheet up to
    /// `large` or down to `content` (touch samples at the touch rate, hit-testing, the velocity
    /// tracker, the policy and the settling spring). As soon as everything rests, the next
    /// action starts.
    public static func sheetThroughput(device: DeviceProfile, engine: EngineDefaults,
                                       traced: Bool = false, ticks: Int = 100_000) -> BenchmarkFigure {
        let tracedNames = ["sheet.height", "sheet.velocity"]
        let m = BenchmarkClock.perOperation(operations: ticks) {
            let world = World(configuration: WorldConfiguration(device: device))
            let sheet = SheetEngine(world: world, defaults: engine[SheetDefaults.self], navigationDefaults: engine[NavigationDefaults.self])
            sheet.attach(to: world)
            try! sheet.setDetents([("content", .content), ("large", .large)], in: world)
            try! sheet.navigation.set([Screen(id: "root", title: nil, content: .scroll(ScrollContent(contentHeight: 300)))], animated: false, in: world)
            try! sheet.present(animated: false, in: world)
            let trace = TraceLoad(tracedNames, in: world, traced: traced)
            let detail = Screen(id: "detail", title: nil, content: .scroll(ScrollContent(contentHeight: 500)))
            var step = 0
            var actions = 0
            let period = VirtualTime.nanosecondsPerSecond / Int64(device.touchRateHz)
            for _ in 0..<ticks {
                if !world.isBusy {
                    actions += 1
                    switch step % 4 {
                    case 0: try! sheet.navigation.push(detail, animated: true, in: world)
                    case 2: sheet.navigation.pop(animated: true, in: world)
                    default:
                        let up = step % 4 == 1
                        let start = Point(x: 100, y: sheet.top + 5)
                        let touch = world.touches.begin(at: start, time: world.time)
                        for k in 1...6 {
                            try! world.touches.move(touch, to: Point(x: 100, y: start.y + Double(k) * (up ? -15 : 15)), at: world.time + Int64(k) * period)
                        }
                        try! world.touches.end(touch, at: world.time + 7 * period)
                    }
                    step += 1
                }
                world.step()
            }
            precondition(actions > 10 && sheet.isPresented)
            trace.verify(frames: ticks)
        }
        return BenchmarkFigure(name: TraceLoad.label("ticks/s, sheet pushing, popping and flicked", tracing: tracedNames, traced: traced), value: 1 / m.median, unit: "ticks/s",
                               spread: "\(formatNumber(1 / m.max))–\(formatNumber(1 / m.min))")
    }
}
