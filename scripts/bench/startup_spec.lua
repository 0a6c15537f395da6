-- The smallest spec: what `detent run` costs before and after any scenario work
-- (scripts/bench/startup.sh, BENCHMARKS.md).
describe("start-up", function()
  it("runs one empty test", function() end)
end)
