-- Registers two tests, then its top level fails: a load error, counted in the summary.
describe("registered", function()
  it("one", function() end)
  it("two", function() end)
end)
assert(false, "the fixture is not ready")
