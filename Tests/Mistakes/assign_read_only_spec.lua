-- Assigning a field that can only be read says so, and what can be assigned.
-- expect: drawer.origin is read-only
describe("a drawer", function()
  it("is moved by assignment", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    d.origin = 100 -- mistake
  end)
end)
