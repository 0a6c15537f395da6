-- A series starts with the value at the frame trace{} is called, so max_step judges the
-- first frame's step too: the push's first frame moves the sheet 87 pt, every later frame
-- less than 80, and without that first sample this assertion would pass.
-- expect: series "sheet.height": step of 86.9737 pt at frame 3 (t=0.05 s) exceeds max_step 80 pt (from 390 to 476.9737)
describe("a sheet hosting a navigation stack", function()
  it("grows with a push without a jump", function()
    local a = world:screen{ id = "a", title = "a", content_height = 300 }
    local sheet = world:sheet{ screens = { a }, presented = true, detents = { "content" } }
    wait_idle()
    sheet.navigation:push(world:screen{ id = "b", title = "b", content_height = 700 })
    local tr = trace{ "sheet.height" }
    wait_idle()
    assert.series(tr["sheet.height"]):max_step(80) -- mistake
  end)
end)
