-- One idle virtual minute through the scenario run loop (Benchmarks.idleMinute).
wait(60)
