-- The drawer invariants under random input, blocks 51–100 of 100 (blocks 1–50 and what the
-- suite checks: invariants_spec.lua and scripts/lib/drawer_invariants.lua).
require("lib.drawer_invariants")(51, 100)
