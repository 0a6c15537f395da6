-- BustedStructureTests: randomize() shuffles this block from the run's seed; the block
-- after it keeps its order.
describe("shuffled", function()
  randomize()
  for i = 1, 8 do it("t" .. i, function() end) end
end)
describe("in order", function()
  for i = 1, 4 do it("u" .. i, function() end) end
end)
