-- A handler for an event nothing emits would never run: the name is checked.
-- expect: world:on: no event 'drawer.setled' (did you mean drawer.settled?
describe("a drawer", function()
  it("says when it settled", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    local settled = false
    world:on("drawer.setled", function() settled = true end) -- mistake
    d:animate_to("top")
    wait_idle()
    assert.is_false(settled)
  end)
end)
