-- What a spec file might leave behind for the pristine restore to undo (Benchmarks.pristineRestore).
leaked = {}; string.leaked = 1; assert.leaked = 2
