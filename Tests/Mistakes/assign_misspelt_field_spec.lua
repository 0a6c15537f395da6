-- Assigning a field that does not exist names the nearest one.
-- expect: drawer has no field 'content_ofset' (did you mean content_offset?
describe("a drawer", function()
  it("scrolls its content", function()
    local d = world:drawer{ anchors = { "top", "bottom" }, content_height = 2000 }
    d.content_ofset = 10 -- mistake
  end)
end)
