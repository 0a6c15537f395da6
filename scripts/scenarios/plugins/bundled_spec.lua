-- The bundled plugins of scripts/plugins (SPEC §12), each used as a spec would use it.
-- Anchors on iPhone 15: top 59, middle 426, bottom 774.
describe("curves.lua", function()
  it("registers a Bézier curve usable by animators", function()
    local a = world:animate{ from = 0, to = 100, duration = 1, curve = "emphasized_decelerate", name = "a" }
    wait(0.25)
    -- cubic-bezier(0.05, 0.7, 0.1, 1) is past 80 % at a quarter of the time.
    assert.is_true(a.value > 80, "value " .. a.value)
    wait(1)
    assert.are.equal(100, a.value)
  end)

  it("registers a function curve, sampled once, that overshoots", function()
    assert.near(1.0, detent.motion.curve("back_out", 1), 1e-9)
    local peak = 0
    for i = 0, 100 do peak = math.max(peak, detent.motion.curve("back_out", i / 100)) end
    assert.near(1.0999, peak, 0.001)   -- easeOutBack's overshoot of about 10 %
    local tr = trace{ "b.value" }
    world:animate{ from = 0, to = 100, duration = 0.5, curve = "back_out", name = "b" }
    wait(0.6)
    assert.near(109.99, math.max(table.unpack(tr["b.value"].values)), 0.2)
  end)
end)

describe("curves.lua, named in config", function()
  it("drives an engine's own animation: a sheet presented along back_out overshoots", function()
    detent.world{ config = { sheet = { curve = "back_out" } } }
    local tr = trace{ "sheet.height" }
    local sheet = world:sheet{ screens = { world:screen{ id = "s", content_height = 300 } } }
    sheet:present()
    wait_idle()
    local heights = tr["sheet.height"].values
    assert.are.equal(390, heights[#heights])                 -- 56 bar + 300 content + 34 inset
    assert.is_true(math.max(table.unpack(heights)) > 420)    -- about 10 % past it on the way
  end)

  it("refuses a curve no plugin registered, at the spec's line", function()
    assert.has_error(function() detent.world{ config = { sheet = { curve = "bogus" } } } end)
  end)
end)

describe("fling_to.lua", function()
  it("flicks with the velocity whose projection lands on the anchor asked for", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    fling_to(d, "middle")
    wait_event("drawer.settled", { timeout = 5 })
    assert.rests_at(d, "middle")
  end)

  it("reaches the far anchor with a faster flick", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    fling_to(d, "top")
    wait_event("drawer.settled", { timeout = 5 })
    assert.rests_at(d, "top")
  end)

  it("refuses an anchor the drawer does not have, at the spec's line", function()
    local d = world:drawer{ anchors = { "top", "bottom" }, at = "bottom" }
    assert.has_error(function() fling_to(d, "middle") end, "fling_to: the drawer has no anchor named middle")
  end)
end)

describe("rests_at.lua", function()
  it("passes at the anchor and fails elsewhere with its own message", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    assert.rests_at(d, "middle")
    assert.does_not.rests_at(d, "top")
    local ok, err = pcall(assert.rests_at, d, "top")
    assert.is_false(ok)
    assert.are.equal("Expected the drawer to rest at top, but it is at middle", err.message)
  end)
end)

describe("bar_jump_guard.lua #bar", function()
  it("holds while the bar grows from 44 to 96 in a push with the compensation", function()
    local nav = world:navigation{ screens = { world:screen{ id = "small" } } }
    wait_frames(2)   -- at rest first: the invariant measures where content sits under the bar
    nav:push(world:screen{ id = "big", large_title = true })
    wait_idle()
    assert.are.equal(96, nav.bar_height)
  end)

  it("can be turned off by name for a spec that shows the jump", function()
    detent.disable_invariant("no_content_jump")
    local nav = world:navigation{ screens = { world:screen{ id = "small" } }, compensates = false }
    wait_frames(2)   -- at rest first: the invariant measures where content sits under the bar
    nav:push(world:screen{ id = "big", large_title = true })
    wait_idle()
  end)
end)

describe("step_guard.lua #steady", function()
  it("holds while a flick carries the drawer from bottom to middle", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    local tr = trace{ "drawer.origin" }
    flick("drawer.header", { velocity = -3000, distance = 60 })
    wait_idle()
    assert.are.equal("middle", d.anchor)
    assert.series(tr["drawer.origin"]):max_step(80)   -- what the invariant checked each frame
  end)

  it("holds while a swipe pages a pager", function()
    local p = world:pager{ pages = 3 }
    flick("pager.page", { velocity = { -1200, 0 }, distance = 40 })
    wait_event("pager.settled")
    assert.are.equal(3, p.page)   -- a fast swipe's projection reaches past the next page
  end)
end)

describe("material_policy.lua", function()
  local function settle(d)
    wait_event("drawer.settled", { timeout = 5 })
    return d.anchor
  end

  it("sends a fast flick to the next anchor in its direction", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle", policy = "material" }
    flick(d.name .. ".header", { velocity = -800, distance = 40 })
    assert.are.equal("top", settle(d))
  end)

  it("settles a slow release on the nearest anchor, where ultradrawer would move on", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle", policy = "material" }
    flick(d.name .. ".header", { velocity = -150, distance = 40 })
    assert.are.equal("middle", settle(d))
    local u = world:drawer{ name = "u", anchors = { "top", "middle", "bottom" }, at = "middle" }
    flick("u.header", { velocity = -150, distance = 40 })
    assert.are.equal("top", settle(u))
  end)

  it("is a name sheets accept too", function()
    local sheet = world:sheet{ screens = { world:screen{ id = "s", content_height = 300 } },
                              detents = { "content", "large" }, policy = "material" }
    wait_idle()
    assert.are.equal("material", sheet.policy)
  end)
end)

describe("a policy's release argument", function()
  it("carries the projection helper", function()
    local seen
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle", policy = function(release)
      seen = { fast = release.project("fast"), normal = release.project("normal"), default = release.project(),
               origin = release.origin, velocity = release.velocity }
      return "middle"
    end }
    flick(d.name .. ".header", { velocity = -300, distance = 40 })
    wait_event("drawer.settled", { timeout = 5 })
    -- travel = v/1000 · r/(1 − r): 0.99 → 99·v/1000, 0.998 → 499·v/1000
    assert.near(seen.origin + seen.velocity * 0.099, seen.fast, 1e-6)
    assert.near(seen.origin + seen.velocity * 0.499, seen.normal, 1e-6)
    assert.near(seen.fast, seen.default, 1e-6)   -- the drawer's configured rate is 0.99
  end)
end)
