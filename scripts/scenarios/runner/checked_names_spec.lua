-- Nothing passes by accident (SPEC §9): names are checked where a spec writes them, shapes
-- are refused naming the option, and a trace sees every frame. Tests/Mistakes holds the
-- mistakes themselves, one file each; these are the things that are allowed.
describe("checked names", function()
  it("trace{} takes the properties of an engine made after it", function()
    local tr = trace{ "drawer.origin" }
    local d = world:drawer{ anchors = { "top", "bottom" }, at = "bottom" }
    d:animate_to("top")
    wait_idle()
    assert.are.equal(d.origin, tr["drawer.origin"].values[#tr["drawer.origin"].values])
    assert.has_error(function() trace{ "drawer.orign" } end)
  end)

  it("a script's own event is declared with detent.event, or emitted first", function()
    detent.event("maps.region_changed")
    local seen = 0
    world:on("maps.region_changed", function() seen = seen + 1 end)
    spawn(function() wait_frames(2); world:emit("maps.region_changed", { zoom = 12 }) end)
    local event = wait_event("maps.region_changed")
    assert.are.equal(12, event.zoom)
    assert.are.equal(1, seen)
    -- One the script emitted is known from then on.
    world:emit("maps.pinned")
    world:on("maps.pinned", function() end)
    local ok, message = pcall(world.on, world, "maps.regon_changed", function() end)
    assert.is_false(ok)
    assert.matches("did you mean maps.region_changed?", message, 1, true)
  end)

  it("a read-only field and a missing one are told apart", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    local _, read_only = pcall(function() d.anchor = "top" end)
    assert.matches("drawer.anchor is read-only", read_only, 1, true)
    local _, missing = pcall(function() d.ancor = "top" end)
    assert.matches("drawer has no field 'ancor' (did you mean anchor?", missing, 1, true)
    d.bounces = false   -- assignable fields still assign
    assert.is_false(d.bounces)
  end)
end)

describe("checked shapes", function()
  it("anchors mix names and tables, as the type definitions declare", function()
    local d = world:drawer{ anchors = { "top", { name = "peek", bottom = 120 }, "bottom" }, at = "peek" }
    assert.are.equal("peek", d.anchor)
    assert.are.equal(world.height - 120, d.origin)
  end)

  it("a number for a flick's velocity goes along the target's axis: horizontal for a pager", function()
    local p = world:pager{ pages = 3 }
    flick("pager.page", { velocity = -300, distance = 40 })
    wait_event("pager.settled")
    assert.are.equal(2, p.page)
  end)

  it("one spring parameterisation per table; a lone damping_ratio applies to the default spring", function()
    assert.has_error(function() world:spring{ from = 0, to = 1, stiffness = 200, bounciness = 0.2 } end)
    assert.has_error(function() world:spring{ from = 0, to = 1, stiffness = 200, damping = 20, damping_ratio = 1 } end)
    local s = world:spring{ from = 0, to = 100, damping_ratio = 1 }
    wait_idle()
    assert.are.equal(100, s.value)
  end)
end)

describe("traces see every frame", function()
  it("a series starts with the value at the frame trace{} is called", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    local start = d.origin
    d:animate_to("top")
    local tr = trace{ "drawer.origin" }
    wait_idle()
    local s = tr["drawer.origin"]
    assert.are.equal(start, s.values[1])
    assert.are.equal(world.frame - #s.values + 1, s.frames[1])
  end)

  it("settles_within judges a trace read right after wait_idle()", function()
    world:spring{ name = "s", from = 0, to = 100, response = 0.3, damping_ratio = 1 }
    local tr = trace{ "s.value" }
    wait_idle()
    -- The series ends when the world came to rest (well before 5 s): the value stays there.
    assert.series(tr["s.value"]):settles_within(5)
    assert.has_error(function() assert.series(tr["s.value"]):settles_within(0.1) end)
  end)
end)
