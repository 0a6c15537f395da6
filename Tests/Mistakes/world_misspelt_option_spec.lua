-- detent.world's options are checked like every other table.
-- expect: bad argument #1 to 'world' (unknown field 'devise'; did you mean device?
describe("an iPad", function()
  it("is chosen", function()
    detent.world{ devise = "iPad Pro 11-inch" } -- mistake
  end)
end)
