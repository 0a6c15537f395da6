-- Runaways no count hook sees under a huge budget: the CPU watchdog stops them (HardeningTests).
describe("stops", function()
  it("a pathological pattern", function()
    local s = string.rep("a", 4000)
    return s:find(".-.-.-.-.-b")
  end)
  it("a loop under a huge budget", function()
    local n = 0
    while true do n = n + 1 end
  end)
  it("runs after them", function() assert.are.equal(2, 1 + 1) end)
end)
