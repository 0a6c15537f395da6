-- A misspelt property in trace{} is an error at its line, naming the nearest real one.
-- expect: trace: no property 'drawer.orign' (did you mean drawer.origin?
describe("a drawer", function()
  it("is traced while it settles", function()
    world:drawer{ anchors = { "top", "middle", "bottom" } }
    local tr = trace{ "drawer.orign" } -- mistake
    wait_idle()
    assert.series(tr["drawer.orign"]):monotonic()
  end)
end)
