-- The bundled invariant no_content_jump (scripts/plugins/bar_jump_guard.lua) catches the jump
-- of the seed article's bug: without the compensation, content jumps when the bar grows.
describe("without compensation #bar", function()
  it("jumps", function()
    local nav = world:navigation{ screens = { world:screen{ id = "small" } }, compensates = false }
    wait_frames(2)   -- at rest first: the invariant measures where content sits under the bar
    nav:push(world:screen{ id = "big", large_title = true })
    wait_idle()
  end)
end)
describe("untagged", function()
  it("is not checked", function()
    local nav = world:navigation{ screens = { world:screen{ id = "small" } }, compensates = false }
    wait_frames(2)   -- at rest first: the invariant measures where content sits under the bar
    nav:push(world:screen{ id = "big", large_title = true })
    wait_idle()
  end)
end)
