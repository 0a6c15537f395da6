/// This process's command line as Detent shows it to scripts (a spec's `arg`): the one it was
/// started with, or, in a worker forked from its coordinator (`WorkerProcess.fork`), the one a
/// spawned worker would have had — so `arg` reads the same in every worker of a run.
public enum ProcessArguments {
    /// Set only before the process has a second thread (the forked worker sets it first thing).
    nonisolated(unsafe) public static var current: [String] = CommandLine.arguments
}
