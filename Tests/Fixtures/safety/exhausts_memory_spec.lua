-- A file whose tests keep what they allocate: its own data fill the memory cap, after which
-- no test can run. The file ends at the first test the cap stops, its remaining tests not
-- run, instead of collecting a full state again before every one of them.
local kept = {}
describe("a hoard", function()
  for i = 1, 100000 do
    it("keeps 4 KiB " .. i, function()
      kept[#kept + 1] = string.rep("x", 4096) .. i
      assert.are.equal(i, #kept)
    end)
  end
end)
