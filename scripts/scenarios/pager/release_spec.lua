-- Releasing a pager (SPEC §15). The offset is projected at UIScrollView's normal rate, 0.998
-- per ms: a release at v pt/s travels (v/1000)·r/(1 − r) = 0.499·v points. The page nearest
-- the projection is chosen; when it lies against the gesture ((chosen − offset)·v < 0) the
-- pager moves one page on in the gesture's direction instead (seed 002's rule). It settles
-- with the release spring (mass 1, stiffness 200, damping ratio 1). A page is 393 pt wide.
local project = detent.motion.project

local function released(p)
  local ended
  local off = world:on("pager.ended", function(e) ended = e end)
  return function()
    wait_event("pager.settled", { timeout = 5 })
    world:off(off)
    return ended, p.page
  end
end

describe("a pager released without velocity", function()
  it("goes on past half a page and comes back before it", function()
    local p = world:pager{ pages = 3 }
    local landing = released(p)
    drag("pager.page", { by = { -250, 0 }, hold = 0.1 })
    local ended, page = landing()
    assert.are.equal(0, ended.velocity)
    assert.are.equal(2, page)
    assert.are.equal(393, p.offset)
    landing = released(p)
    drag("pager.page", { by = { -150, 0 }, hold = 0.1 })
    _, page = landing()
    assert.are.equal(2, page)                          -- 393 + 150 = 543 is nearer page 2's 393
  end)
end)

describe("a flick", function()
  it("projects at the normal rate", function()
    local p = world:pager{ pages = 7 }
    local landing = released(p)
    local v = flick("pager.page", { velocity = { -3000, 0 }, distance = 60 })
    local ended, page = landing()
    assert.near(-v.x, ended.velocity, 1e-9)            -- offset space: the finger's x negated
    assert.near(60 + project(ended.velocity, "normal"), ended.projection, 1)
    assert.near(ended.velocity * 0.499, project(ended.velocity, "normal"), 1e-6)
    -- 60 + 0.499 · ~3000 ≈ 1557: page 5 (offset 1572) is the nearest.
    assert.are.equal(math.floor(ended.projection / 393 + 0.5) + 1, page)
    assert.are.equal(5, page)
  end)

  it("that is slow still moves one page: the nearest lies behind the gesture", function()
    local p = world:pager{ pages = 3 }
    local landing = released(p)
    flick("pager.page", { velocity = { -300, 0 }, distance = 40 })
    local ended, page = landing()
    -- 40 + 0.499 · 300 ≈ 190 < 196.5: page 1 is nearest, but (0 − 40) · 300 < 0.
    assert.is_true(ended.projection < 393 / 2)
    assert.are.equal(2, page)
  end)

  it("back toward earlier pages moves one page back", function()
    local p = world:pager{ pages = 3, at = 3 }
    local landing = released(p)
    flick("pager.page", { velocity = { 300, 0 }, distance = 40 })
    local _, page = landing()
    assert.are.equal(2, page)
  end)

  it("stops at the first and last page however hard", function()
    local p = world:pager{ pages = 3 }
    local landing = released(p)
    flick("pager.page", { velocity = { 4000, 0 }, distance = 60 })
    local _, page = landing()
    assert.are.equal(1, page)
    p:move_to(3)
    landing = released(p)
    flick("pager.page", { velocity = { -4000, 0 }, distance = 60 })
    _, page = landing()
    assert.are.equal(3, page)
    assert.are.equal(786, p.offset)
  end)

  it("settles with the release velocity: the spring starts at the finger's speed", function()
    local p = world:pager{ pages = 3 }
    local tr = trace{ "pager.offset", "pager.velocity" }
    local landing = released(p)
    flick("pager.page", { velocity = { -600, 0 }, distance = 40 })
    local ended = landing()
    assert.are.equal(ended.velocity, p.release_velocity)
    -- No overshoot past page 2 (critically damped) and the offset never goes back.
    assert.series(tr["pager.offset"]):monotonic("increasing"):overshoot_at_most(0.5)
  end)
end)

describe("the [pager] config section", function()
  it("sets the projection rate of a world's pagers", function()
    detent.world{ config = { pager = { deceleration_rate = 0.99 } } }
    local p = world:pager{ pages = 7 }
    local landing = released(p)
    flick("pager.page", { velocity = { -3000, 0 }, distance = 60 })
    local ended, page = landing()
    -- fast: 0.099 · v ≈ 297 pt instead of 1,497: page 2 (with the direction rule).
    assert.near(60 + project(ended.velocity, "fast"), ended.projection, 1)
    assert.are.equal(2, page)
  end)
end)
