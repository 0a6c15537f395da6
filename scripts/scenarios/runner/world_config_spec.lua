-- Per-world config (SPEC §9, issue 11 §5): detent.world{config = {...}} overrides any key of
-- config/engine.toml's sections — motion, and each engine's (navigation, drawer, sheet, …) — for that world
-- only. Overrides pass the file's own rules (types, ranges, known names, no unknown keys); a
-- bad one is an error at the script's line. Every other key stays the loaded config's, and
-- the next world (each test's own one too) starts from the loaded config again.
--
-- On iPhone 15 (852 pt tall): a drawer's middle anchor shows middle_fraction of the screen
-- (0.5 → origin 426); a presented sheet dims what lies beneath by dimming_alpha (0.4).

-- Seconds a drawer takes to settle from middle to top in the current world.
local function settle_time()
  local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
  local start = world.time
  d:animate_to("top")
  wait_event("drawer.settled", { timeout = 5 })
  return world.time - start
end

local function presented_sheet()
  local s = world:sheet{ screens = { world:screen{ id = "form", content_height = 200 } }, presented = true }
  wait_frames(1)
  return s
end

describe("detent.world{config = ...}", function()
  it("gives the world's engines its overrides: a stiffer drawer spring settles sooner", function()
    local default = settle_time()                    -- stiffness 200: about 0.65 s
    -- A critically damped spring's time scale is 1 / sqrt(stiffness / mass): four times the
    -- stiffness halves it (the drawer settles a little later than half, as it stops within a
    -- fixed distance of the anchor).
    detent.world{ config = { drawer = { spring_stiffness = 800 } } }
    local stiff = settle_time()                      -- about 0.37 s
    assert.is_true(stiff < 0.6 * default, ("settled in %.3f s, default %.3f s"):format(stiff, default))
  end)

  it("changes only the keys it names", function()
    detent.world{ device = "iPhone 15", config = { drawer = { middle_fraction = 0.25 }, sheet = { dimming_alpha = 0.2 } } }
    local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
    assert.are.same({ { name = "top", origin = 59 }, { name = "middle", origin = 639 }, { name = "bottom", origin = 774 } }, d.anchors)
    assert.are.equal(0.2, presented_sheet().dimming)
  end)

  it("ends with its world: the next test starts from the loaded config", function()
    assert.are.equal(426, world:drawer{ anchors = { "middle" } }.anchors[1].origin)
    assert.are.equal(0.4, presented_sheet().dimming)
  end)

  it("ends with its world: a new world in the same test starts from the loaded config", function()
    detent.world{ config = { sheet = { dimming_alpha = 0.1 } } }
    detent.world{}
    assert.are.equal(0.4, presented_sheet().dimming)
  end)

  it("sets the defaults of motion too: world:animate and detent.motion", function()
    detent.world{ config = { motion = { duration = 0.5, spring_stiffness = 500 } } }
    local slide = world:animate{ from = 0, to = 1 }
    wait(0.4)                                        -- the default 0.35 s would be over
    assert.is_true(slide.value < 1)
    wait(0.11)
    assert.are.equal(1, slide.value)
    assert.are.equal(500, detent.motion.spring{}.stiffness)
  end)
end)

describe("a bad override", function()
  it("is an error at the script's line", function()
    local ok, message = pcall(function()
      detent.world{ config = { drawer = { spring_stiffness = -1 } } }
    end)
    assert.is_false(ok)
    assert.matches("^scripts/scenarios/runner/world_config_spec%.lua:%d+: bad argument #1 to 'world'", message)
  end)

  it("names the key, what was expected and what was found", function()
    assert.has_error(function() detent.world{ config = { drawer = { spring_stiffness = -1 } } } end,
      "bad argument #1 to 'world' (config.drawer.spring_stiffness: a finite number > 0 and <= 1000000000 expected, got -1)")
    assert.has_error(function() detent.world{ config = { sheet = { dimming_alpha = 0 / 0 } } } end,
      "bad argument #1 to 'world' (config.sheet.dimming_alpha: a fraction between 0 and 1 expected, got nan)")
    assert.has_error(function() detent.world{ config = { sheet = { duration = "slow" } } } end,
      "bad argument #1 to 'world' (config.sheet.duration: a number expected, got string)")
    assert.has_error(function() detent.world{ config = { drawer = 300 } } end,
      "bad argument #1 to 'world' (config.drawer: a table expected, got number)")
  end)

  it("must use a known name for curves and trackers", function()
    -- Curves: the built-in names, then those the loaded plugins register.
    local ok, err = pcall(function() detent.world{ config = { sheet = { curve = "bouncy" } } } end)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'world' %(config%.sheet%.curve: one of linear, easeIn, easeOut, easeInEaseOut, default, sheet[%w_, ]* expected, got \"bouncy\"%)", err)
    assert.has_error(function() detent.world{ config = { motion = { velocity_tracker = "psychic" } } } end,
      "bad argument #1 to 'world' (config.motion.velocity_tracker: one of lsq2, ios expected, got \"psychic\")")
  end)

  it("may not use unknown keys", function()
    -- [motion], then every registered engine's section (the first five are the SPEC's).
    local _, unknown = pcall(detent.world, { config = { drawers = {} } })
    assert.matches("bad argument #1 to 'world' (unknown field 'config.drawers'; expected one of: motion, navigation, drawer, sheet, adaptive",
      unknown, 1, true)
    assert.has_error(function() detent.world{ config = { sheet = { dimming = 0.2 } } } end,
      "bad argument #1 to 'world' (unknown field 'config.sheet.dimming'; expected one of: duration, dimming_alpha, "
        .. "dismiss_velocity_threshold, dismiss_projected_fraction, medium_fraction, curve, dismisses_on_dimming_tap)")
  end)

  it("cannot change the run's limits or pick a device profile", function()
    assert.has_error(function() detent.world{ config = { limits = { instruction_budget = 1e12 } } } end,
      "bad argument #1 to 'world' (config.limits is not a world setting: limits hold for the whole run (runner.toml [limits]))")
    assert.has_error(function() detent.world{ config = { device = { name = "iPhone 15" } } } end,
      "bad argument #1 to 'world' (config.device is not a config section: choose a device profile with detent.world{device = \"...\"})")
  end)

  it("leaves the world as it was", function()
    local before = world
    pcall(function() detent.world{ config = { drawer = { spring_stiffness = -1 } } } end)
    assert.are.equal(before, world)
    assert.are.equal(0.4, presented_sheet().dimming)
  end)
end)
