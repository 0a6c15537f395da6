-- Waits in a describe body would wait in no test's world.
-- expect: describe 'after a second' runs its body once
describe("after a second", function()
  wait(1) -- mistake
  it("the world has moved on", function()
    assert.is_true(world.time >= 1)
  end)
end)
