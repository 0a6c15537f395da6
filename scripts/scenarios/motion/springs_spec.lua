-- Springs (SPEC §2): the exact solution of m·x″ + c·x′ + k·x = 0 in all three regimes,
-- written in the older dialects. x is the displacement from the target in points. SwiftUI's
-- and UIKit's own words are in springs_in_swiftui_terms_spec.lua.
local spring = detent.motion.spring

describe("springs", function()
  it("accept SwiftUI's (damping_ratio, response)", function()
    local s = spring{ damping_ratio = 1, response = 0.5 }
    assert.near((2 * math.pi / 0.5) ^ 2, s.stiffness, 1e-9)   -- k = (2π/response)²
    assert.near(4 * math.pi * 1 / 0.5, s.damping, 1e-9)       -- c = 4πζ/response
    assert.are.equal(1, s.mass)
  end)

  it("accept (mass, stiffness, damping) and report the damping ratio", function()
    local s = spring{ mass = 1, stiffness = 100, damping = 10 }
    assert.near(0.5, s.damping_ratio, 1e-12)                  -- ζ = c / (2√(km))
  end)

  it("accept POP's (bounciness, speed)", function()
    local s = spring{ bounciness = 4, speed = 12 }             -- POP's defaults
    assert.is_true(s.damping_ratio < 1)
  end)

  it("start where they are told, with the velocity they are given", function()
    local s = spring{ stiffness = 200, damping_ratio = 1 }
    assert.near(-300, s.displacement(0, -300, 1500), 1e-9)
    assert.near(1500, s.velocity(0, -300, 1500), 1e-6)
  end)

  it("critically damped: x(t) = (x0 + (v0 + ω x0) t) e^(−ω t)", function()
    local k = 200
    local w = math.sqrt(k)
    local s = spring{ stiffness = k, damping_ratio = 1 }
    local t, x0, v0 = 0.1, -300, 0
    assert.near((x0 + (v0 + w * x0) * t) * math.exp(-w * t), s.displacement(t, x0, v0), 1e-9)
  end)

  it("underdamped springs cross the target; overdamped ones creep towards it", function()
    local under = spring{ stiffness = 200, damping_ratio = 0.3 }
    local over = spring{ stiffness = 200, damping_ratio = 2 }
    local crossed = false
    for i = 1, 100 do
      if under.displacement(i / 100, -100, 0) > 0 then crossed = true end
      assert.is_true(over.displacement(i / 100, -100, 0) <= 0)
    end
    assert.is_true(crossed)
  end)

  it("settle exactly on the target in a world", function()
    local s = world:spring{ from = 0, to = 240, velocity = -800, response = 0.4, damping_ratio = 0.8 }
    wait_idle({ timeout = 5 })
    assert.are.equal(240, s.value)
    assert.are.equal(0, s.velocity)
  end)

  it("can be retargeted mid-flight with position and velocity continuous", function()
    local r = world:spring{ name = "r", from = 0, to = 500, stiffness = 200, damping_ratio = 1 }
    wait(0.1)
    local value, velocity = r.value, r.velocity
    r:retarget(100)
    assert.are.equal(value, r.value)
    assert.near(velocity, r.velocity, 1e-9)
    wait_idle()
    assert.are.equal(100, r.value)
  end)

  it("can be stopped where they are, reporting their velocity", function()
    local s = world:spring{ from = 0, to = 500 }
    wait(0.05)
    local value = s.value
    local v = s:stop()
    assert.is_true(v > 0)
    assert.are.equal("stopped", s.state)
    wait(0.5)
    assert.are.equal(value, s.value)
  end)

  it("refuse constants that make no spring", function()
    assert.has_error(function() spring{ stiffness = -1, damping = 1 } end)
    assert.has_error(function() world:spring{ from = 0, to = 1 / 0 } end,
      "bad argument #1 to 'spring' (field 'to': a finite number from -1000000000 to 1000000000 expected, got inf)")
  end)
end)
