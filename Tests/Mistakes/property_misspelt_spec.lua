-- world:property reads nil for an engine not made yet, but a name no property could have
-- is an error.
-- expect: world:property: no property 'drawer.velocty' (did you mean drawer.velocity?
describe("a drawer", function()
  it("reads a property by name", function()
    world:drawer{ anchors = { "top", "bottom" } }
    assert.are.equal(0, world:property("drawer.velocty")) -- mistake
  end)
end)
