-- Lists of a thousand elements are read like short ones: the host makes room on the Lua
-- stack for them (Lua guarantees a host function only 20 slots).
describe("lists of 1,000 elements", function()
  it("give a drawer 1,000 anchors", function()
    local anchors = {}
    for i = 1, 1000 do anchors[i] = { name = "a" .. i, top = 100 + i * 0.5 } end
    local d = world:drawer{ anchors = anchors }
    assert.are.equal(1000, #d.anchors)
  end)

  it("give a sheet 1,000 detents", function()
    local detents = {}
    for i = 1, 1000 do detents[i] = 100 + i end
    local s = world:sheet{ screens = { world:screen{ id = "a" } }, detents = detents, presented = true }
    assert.are.equal(1000, #s.detents)
  end)

  it("give a stack layout 1,000 items", function()
    local items = {}
    for i = 1, 1000 do items[i] = { id = "i" .. i, size = 1 } end
    local s = world:screen{ id = "big", stack = { items = items } }
    local n = 0
    for _ in pairs(s.items) do n = n + 1 end
    assert.are.equal(1000, n)
  end)

  it("give a tab container 1,000 tabs and a bar 1,000 items", function()
    local tabs, names = {}, {}
    for i = 1, 1000 do tabs[i] = world:screen{ id = "t" .. i }; names[i] = "b" .. i end
    world:screen{ id = "x", right_items = names }
    assert.are.equal(1000, #world:tabs{ tabs = tabs }.roots)
  end)
end)
