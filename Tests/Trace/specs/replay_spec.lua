-- A drawer flick and a navigation push (with a pager on show), traced for the replay's browser test
-- (Tests/Trace/replay_browser_test.py) and the trace tests (TraceTests.swift).
describe("replay", function()
  it("flicks the drawer up and pushes a screen", function()
    local nav = world:navigation{ screens = { world:screen{ id = "home", title = "Home", content_height = 1200 } } }
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    -- A pager behind the drawer, on its second page (the replay draws its band and pages).
    world:pager{ pages = 3, page_width = 300, spacing = 10, at = 2, top = 300, height = 200 }
    local tr = trace{ "drawer.origin", "navigation.bar_height" }
    flick("drawer.header", { velocity = -2000, distance = 60 })
    wait_event("drawer.settled", { timeout = 5 })
    assert.are.equal("top", d.anchor)
    nav:push(world:screen{ id = "detail", title = "Detail", content_height = 600 })
    wait_idle()
    assert.are.equal(2, nav.depth)
  end)

  it("fails when the drawer lands at the top #failing", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    trace{ "drawer.origin" }
    flick("drawer.header", { velocity = -2000, distance = 60 })
    wait_event("drawer.settled", { timeout = 5 })
    assert.are.equal("middle", d.anchor)
  end)
end)
