import Foundation
import Testing
import DetentTestSupport

/// The walk over a spec file's blocks takes a step without a job (no world, no coroutine, no
/// limits) only where it runs none of the file's code: the next test of the block it is in, or
/// leaving blocks whose teardowns already ran (spec_run.lua's `next_test`). A block whose last
/// test a filter left out still has its teardown to run when the walk leaves it, and an error
/// there is reported at the virtual time and frame the step reached.
@Suite("The walk's steps without a job")
struct WalkStepTests {
    @Test func aTeardownNoTestRanRunsAsAJobAndItsErrorIsReported() throws {
        let detent = try BuiltExecutables.path(of: "detent")
        let run = try BuiltExecutables.run(detent, ["run", "Tests/Fixtures/busted/filtered_teardown_spec.lua", "--filter", "kept"])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("a block whose last test is filtered out teardown"), "\(run.output)")
        #expect(run.output.contains("the teardown ran and waited 3 frames"), "\(run.output)")
        // Reported where the teardown stopped in its step's world, as a test's failure is.
        #expect(run.output.contains("at t=0.05 s (frame 3)"), "\(run.output)")
        #expect(run.output.contains("1 passed, 1 failed"), "\(run.output)")
    }
}
