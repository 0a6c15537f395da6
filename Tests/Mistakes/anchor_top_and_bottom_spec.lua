-- An anchor is placed one way; top with bottom is refused (top used to win silently).
-- expect: bad argument #1 to 'drawer' (anchors[2]: anchor 'peek' gives top and bottom
describe("a drawer", function()
  it("has a peek anchor", function()
    world:drawer{ anchors = { "top", { name = "peek", top = 500, bottom = 120 }, "bottom" } } -- mistake
  end)
end)
