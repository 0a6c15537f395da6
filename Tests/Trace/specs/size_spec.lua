-- Ten seconds at 120 Hz with something moving in every frame: a finger drags the drawer up
-- and down while the navigation pushes and pops, and three series are traced. Its trace must
-- stay under 1 MB (TraceTests, BENCHMARKS.md "Traces").
describe("a 10-second trace at 120 Hz", function()
  it("drags the drawer for ten seconds while the navigation pushes and pops", function()
    local w = detent.world{ device = "iPhone 15 Pro" }
    local nav = w:navigation{ screens = { w:screen{ id = "home", title = "Home", content_height = 1200 } } }
    local d = w:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    trace{ "drawer.origin", "drawer.velocity", "navigation.bar_height" }
    spawn(function()
      for i = 1, 5 do
        nav:push(w:screen{ id = "detail" .. i, title = "Detail " .. i, content_height = 600, large_title = i % 2 == 0 })
        wait(1)
        nav:pop()
        wait(1)
      end
    end)
    local finger = touch(196, 448)
    for _ = 1, 5 do
      finger:move_to(196, 200, { duration = 1 })
      finger:move_to(196, 700, { duration = 1 })
    end
    finger:up()
    assert.is_true(w.time >= 10)
  end)
end)
