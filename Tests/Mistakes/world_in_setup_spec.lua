-- setup runs once for its block, in no test's world: a world chosen there would be thrown
-- away (or apply to one test), so it is an error saying where it belongs.
-- expect: detent.world{} in setup of describe 'on an iPad' would choose no test's world
describe("on an iPad", function()
  setup(function()
    detent.world{ device = "iPad Pro 11-inch" } -- mistake
  end)
  it("the device is an iPad", function()
    assert.are.equal("iPad Pro 11-inch", world.device)
  end)
end)
