-- Tests that end without a frame after their last change: the trace still draws where they ended.
describe("early end", function()
  it("fails before the first frame", function()
    world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    assert.is_true(false)
  end)

  it("moves the drawer after its last frame", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    wait_frames(2)
    d:move_to("top")
    assert.are.equal("middle", d.anchor)
  end)
end)
