import Testing
import DetentTestSupport
import DetentMotion
@testable import DetentWorld

/// Traces read animator properties ("slide.value") by index, resolved once per name: the
/// values must be those a read by name gives, whenever the animator starts or is replaced.
@Suite("Traces read animators by index, as by name")
struct AnimatorTraceTests {
    @Test func animatorNamesAreReadByIndex() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        #expect(world.reader(for: "slide.value").engine === world.animators)
        #expect(world.reader(for: "slide.velocity").engine === world.animators)
        // Not an animator property: read by name.
        #expect(world.reader(for: "slide.scale").engine == nil)
        #expect(world.reader(for: "nodot").engine == nil)
    }

    @Test func tracedValuesMatchReadsByNameAcrossStartsAndReplacements() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let names = ["slide.value", "slide.velocity", "late.value", "late.velocity", "never.value"]
        let trace = TraceRecorder(names: names)
        world.addTrace(trace)
        world.animators.animate(name: "slide", from: 0, to: 100, duration: 0.2, curve: .linear, in: world)
        // The trace's first sample is taken when it is added, before any animator exists.
        var expected: [[Double?]] = Array(repeating: [nil], count: names.count)
        for frame in 1...40 {
            if frame == 5 {
                world.animators.spring(name: "late", from: 10, to: 0, velocity: -300,
                                       parameters: SpringParameters(dampingRatio: 0.8, response: 0.3), in: world)
            }
            // Replaced mid-flight: the new "slide" takes over the name.
            if frame == 9 { world.animators.animate(name: "slide", from: 500, to: 400, duration: 0.1, curve: .linear, in: world) }
            world.step()
            for (i, name) in names.enumerated() { expected[i].append(world.property(name)) }
        }
        for (i, name) in names.enumerated() {
            #expect(trace.series(name)?.values == expected[i], "\(name)")
        }
        // The trace saw "late" start at frame 5 and the new "slide" (500 → 400) from frame 9.
        #expect(expected[0][1] != nil && expected[2][4] == nil && expected[2][5] != nil)
        #expect(expected[0][8]! <= 100 && expected[0][9]! > 400)
        #expect(expected[4].allSatisfy { $0 == nil })
    }
}
