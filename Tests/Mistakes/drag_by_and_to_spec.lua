-- A drag goes by an offset or to a point, not both.
-- expect: drag: give by = {dx, dy} or to = {x, y}, not both
describe("a drawer", function()
  it("is dragged", function()
    world:drawer{ anchors = { "top", "middle", "bottom" } }
    drag("drawer.header", { by = { 0, -100 }, to = { 196, 300 } }) -- mistake
  end)
end)
