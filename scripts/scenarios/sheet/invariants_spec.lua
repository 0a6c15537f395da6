-- Invariants under random input (issue 4 item 5, sheet part): 10,000 seeded sequences of
-- drags and flicks, content scrolls, dimming taps, interruptions, detent changes, pushes and
-- pops, content changes, presents, dismisses and pauses, every frame checked; a failing
-- sequence is printed as a spec that replays it. What is generated and checked:
-- scripts/lib/sheet_invariants.lua. Blocks 1–50 of 100 run here, 51–100 in
-- invariants_more_spec.lua: a spec file is what `detent run --jobs` runs in parallel.
require("lib.sheet_invariants")(1, 50)
