-- Stops that no count hook sees, and where they are reported (HardeningTests).
describe("stops", function()
  it("a pathological pattern", function()
    local s = string.rep("a", 4000)
    return s:find(".-.-.-.-.-b")
  end)
  it("a loop under a huge budget", function()
    local n = 0
    while true do n = n + 1 end
  end)
  it("a memory bomb caught by pcall", function()
    pcall(function()
      local t = {}
      for i = 1, 1e9 do t[i] = string.rep("x", 64) .. i end
    end)
  end)
  it("says it is pending", function()
    pending("not modelled yet")
    error("the body went on after pending")
  end)
  it("a hand-made wait without seconds", function()
    coroutine.yield({ kind = "time" })
  end)
  it("a velocity sample of the wrong shape", function()
    detent.motion.velocity("lsq2", { "x", { 0.01, 10 } })
  end)
  it("runs after them", function() assert.are.equal(2, 1 + 1) end)
end)
