-- An engine constructor's misspelt option is named with the nearest one.
-- expect: bad argument #1 to 'drawer' (unknown field 'anchor'; did you mean anchors?
describe("a drawer", function()
  it("is made", function()
    world:drawer{ anchor = { "top", "bottom" } } -- mistake
  end)
end)
