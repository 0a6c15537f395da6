-- A runaway test: the instruction budget stops it; the next test still runs.
describe("safety", function()
  it("a runaway loop is stopped", function()
    while true do end
  end)
  it("a runaway loop hiding behind pcall is stopped too", function()
    while true do pcall(function() while true do end end) end
  end)
  it("runs after the runaway ones", function()
    assert.are.equal(2, 1 + 1)
  end)
end)
