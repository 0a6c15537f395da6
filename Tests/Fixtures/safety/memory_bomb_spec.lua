-- A memory bomb: the allocator's cap stops it; the next test still runs.
describe("safety", function()
  it("a memory bomb is stopped", function()
    local t = {}
    local s = string.rep("x", 1024)
    for i = 1, math.huge do t[i] = s .. i end
  end)
  it("a single huge allocation is refused", function()
    local s = string.rep("x", 1 << 30)
  end)
  it("runs after the bombs", function()
    local t = {}
    for i = 1, 1000 do t[i] = i end
    assert.are.equal(1000, #t)
  end)
end)
