-- A describe body runs once, while the tests are collected: a world chosen there would be
-- thrown away, so it is an error saying where it belongs.
-- expect: describe 'on an iPad' runs its body once, while the file's tests are collected, in no test's world
describe("on an iPad", function()
  detent.world{ device = "iPad Pro 11-inch" } -- mistake
  it("the device is an iPad", function()
    assert.are.equal("iPad Pro 11-inch", world.device)
  end)
end)
