-- Tests that take wall-clock time (virtual time is instant), so a `detent run` of this file
-- is still running when ReportConsumerTests kill it to check reports are written atomically.
describe("slow", function()
  for i = 1, 20 do
    it("burns wall time " .. i, function()
      local x = 0
      for j = 1, 10000000 do x = x + j end
      assert.is_true(x > 0)
    end)
  end
end)
