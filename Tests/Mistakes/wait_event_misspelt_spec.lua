-- Waiting for an event nothing emits is an error at once, not a 10 s time-out.
-- expect: wait_event: no event 'drawer.setled' (did you mean drawer.settled?
describe("a drawer", function()
  it("settles at the top", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    d:animate_to("top")
    wait_event("drawer.setled") -- mistake
    assert.are.equal("top", d.anchor)
  end)
end)
