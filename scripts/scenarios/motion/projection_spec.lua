-- Projection, rubber band and velocity tracking (SPEC §2).
local motion = detent.motion

describe("projection", function()
  it("projects (v/1000)·r/(1−r) points for a release at v pt/s (WWDC 2018)", function()
    assert.near(499, motion.project(1000, "normal"), 1e-9)     -- r = 0.998
    assert.near(99, motion.project(1000, "fast"), 1e-9)        -- r = 0.99
    assert.near(-99, motion.project(-1000, "fast"), 1e-9)
  end)

  it("defaults to the fast rate (config/engine.toml)", function()
    assert.near(motion.project(2000, "fast"), motion.project(2000), 1e-12)
  end)
end)

describe("rubber band", function()
  it("follows b(x) = (1 − 1/(x·c/d + 1))·d with c = 0.55", function()
    local d = 852
    assert.near((1 - 1 / (100 * 0.55 / d + 1)) * d, motion.rubber_band(100, d), 1e-9)
  end)

  it("moves less than the finger and never past the dimension", function()
    assert.is_true(motion.rubber_band(100, 852) < 100)
    assert.is_true(motion.rubber_band(1e9, 852) < 852)
    assert.near(-motion.rubber_band(50, 400), motion.rubber_band(-50, 400), 1e-12)
  end)
end)

describe("velocity tracking", function()
  local function samples(velocity, count, rate)
    local list = {}
    for i = 0, count - 1 do
      local t = i / rate
      list[#list + 1] = { t, 100 + velocity * t }
    end
    return list
  end

  it("measures a steady finger exactly with both strategies", function()
    assert.near(1200, motion.velocity("lsq2", samples(1200, 10, 120)), 1e-6)
    assert.near(1200, motion.velocity("ios", samples(1200, 10, 120)), 1e-6)
  end)

  it("forgets history after a pause of more than 40 ms", function()
    local list = samples(1200, 6, 120)
    local t0 = list[#list][1] + 0.05
    list[#list + 1] = { t0, 300 }
    list[#list + 1] = { t0 + 1 / 120, 300 }
    assert.near(0, motion.velocity("lsq2", list), 1e-9)
  end)

  it("names the strategies when given an unknown one", function()
    assert.has_error(function() motion.velocity("kalman", {}) end, "unknown velocity tracker 'kalman' (expected one of: lsq2, ios)")
  end)
end)
