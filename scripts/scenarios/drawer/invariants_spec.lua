-- Invariants under random input (issue 4 item 5, drawer part): 10,000 seeded sequences of
-- drags, flicks, content scrolls, interruptions, anchor changes and pauses, every frame
-- checked; a failing sequence is printed as a spec that replays it. What is generated and
-- checked: scripts/lib/drawer_invariants.lua. Blocks 1–50 of 100 run here, 51–100 in
-- invariants_more_spec.lua: a spec file is what `detent run --jobs` runs in parallel.
require("lib.drawer_invariants")(1, 50)
