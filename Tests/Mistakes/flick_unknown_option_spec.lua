-- An option a gesture does not read is named, never left out silently.
-- expect: bad argument #2 to 'flick' (unknown field 'speed'; expected one of: velocity, distance)
describe("a drawer", function()
  it("is flicked up", function()
    world:drawer{ anchors = { "top", "middle", "bottom" } }
    flick("drawer.header", { speed = -1500, distance = 60 }) -- mistake
    wait_idle()
  end)
end)
