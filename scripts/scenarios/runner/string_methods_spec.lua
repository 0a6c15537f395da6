-- Every string shares one metatable. Before each test the runner gives strings back their
-- methods (sandbox.lua's reseed) with raw operations only, so a metamethod an earlier test
-- left on the string library or on that metatable never runs in between.
describe("strings between tests", function()
  it("can lose their methods behind metamethods that fail", function()
    string.format = nil
    getmetatable("").__index = nil
    local trap = { __newindex = function() error("a test's __newindex ran before the next test") end }
    setmetatable(string, trap)
    setmetatable(getmetatable(""), trap)   -- no assertion after this: strings have no methods
  end)

  it("have them back in the next test", function()
    assert.equal("3", ("%d"):format(3))
    assert.equal("X", ("x"):upper())
    assert.equal(string, getmetatable("").__index)
  end)
end)
