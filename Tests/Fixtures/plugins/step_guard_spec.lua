-- The bundled step_guard plugin (scripts/plugins/step_guard.lua): a #steady test whose drawer
-- jumps more than 80 pt between two frames fails at that frame; the same flick in an untagged
-- test is not checked; a new world in a test starts its comparison over.
describe("a hard flick", function()
  it("jumps #steady", function()
    world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    flick("drawer.header", { velocity = -8000, distance = 60 })
    wait_idle()
  end)

  it("is not checked without the tag", function()
    world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    flick("drawer.header", { velocity = -8000, distance = 60 })
    wait_idle()
  end)

  it("is compared within one world only #steady", function()
    world:drawer{ anchors = { "top", "middle", "bottom" }, at = "top" }
    wait_frames(2)
    detent.world{}
    world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    wait_frames(2)
  end)
end)
