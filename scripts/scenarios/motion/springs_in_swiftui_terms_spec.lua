-- Springs in the words an iOS engineer already writes (docs/springs.md): SwiftUI's
-- Spring(duration:bounce:), its presets, .spring(response:dampingFraction:), UIKit's damping
-- ratio over a duration — and read back in every one of them.
local spring = detent.motion.spring

describe("a spring copied from SwiftUI", function()
  it("is written with the same words and numbers: Spring(duration: 0.5, bounce: 0.3)", function()
    local s = spring{ duration = 0.5, bounce = 0.3 }
    -- Apple's Spring overview: mass 1, stiffness 157.9, damping 17.6.
    assert.are.equal(1, s.mass)
    assert.near(157.91, s.stiffness, 0.005)                     -- (2π / 0.5)²
    assert.near(17.59, s.damping, 0.005)                        -- 2·(1 − 0.3)·√157.91
  end)

  it("reads back in SwiftUI's terms whichever way it was written", function()
    local s = spring{ mass = 1, stiffness = 100, damping = 10 }
    -- Apple's Spring overview: Spring(mass: 1, stiffness: 100, damping: 10) has (0.63, 0.5).
    assert.near(0.63, s.duration, 0.005)
    assert.near(0.5, s.bounce, 1e-12)
    assert.are.equal(s.duration, s.response)
    assert.are.equal(s.damping_ratio, s.damping_fraction)
  end)

  it("spells itself as SwiftUI does", function()
    assert.are.equal(".spring(duration: 0.5, bounce: 0.3)", spring{ duration = 0.5, bounce = 0.3 }:swift())
    assert.are.equal(".spring(duration: 0.444288, bounce: 0)", spring{ stiffness = 200, damping_ratio = 1 }:swift())
  end)

  it("overdamps with a negative bounce: ζ = 1 / (1 + bounce)", function()
    local s = spring{ duration = 0.5, bounce = -0.5 }
    assert.near(2, s.damping_ratio, 1e-12)
    assert.near(-0.5, s.bounce, 1e-12)
  end)

  it("takes SwiftUI's defaults for what it leaves out: duration 0.5, bounce 0", function()
    assert.near(0.5, spring{ bounce = 0.3 }.duration, 1e-12)
    assert.near(0, spring{ duration = 0.4 }.bounce, 1e-12)
  end)

  it("names .smooth, .snappy and .bouncy, with extraBounce", function()
    assert.near(0, spring{ preset = "smooth" }.bounce, 1e-12)
    assert.near(0.15, spring{ preset = "snappy" }.bounce, 1e-12)
    assert.near(0.3, spring{ preset = "bouncy" }.bounce, 1e-12)
    local tuned = spring{ preset = "bouncy", duration = 0.4, extra_bounce = 0.1 }  -- .bouncy(duration: 0.4, extraBounce: 0.1)
    assert.near(0.4, tuned.duration, 1e-12)
    assert.near(0.4, tuned.bounce, 1e-12)
  end)

  it("names .interactiveSpring: response 0.15, dampingFraction 0.86", function()
    local s = spring{ preset = "interactive" }
    local documented = spring{ response = 0.15, damping_fraction = 0.86 }
    assert.near(documented.stiffness, s.stiffness, 1e-9)
    assert.near(documented.damping, s.damping, 1e-9)
  end)

  it("accepts .spring(response:dampingFraction:)", function()
    local s = spring{ response = 0.4, damping_fraction = 0.8 }
    assert.near(0.4, s.duration, 1e-12)
    assert.near(0.2, s.bounce, 1e-12)
  end)

  it("reports how long it takes to settle, as SwiftUI's settlingDuration does", function()
    -- A unit release from rest stays within 0.001 of the target from then on.
    local s = spring{ duration = 0.5, bounce = 0 }
    local w = 4 * math.pi
    local t = s.settling_duration
    assert.near(0.001, (1 + w * t) * math.exp(-w * t), 1e-9)
    assert.are.equal(math.huge, spring{ duration = 0.5, bounce = 1 }.settling_duration)
  end)
end)

describe("a spring copied from UIKit", function()
  it("is a damping ratio over the animation's duration, read as SwiftUI's response", function()
    -- UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0)
    local s = spring{ duration = 0.4, damping_ratio = 0.7 }
    assert.near(0.7, s.damping_ratio, 1e-12)
    assert.near(0.4, s.duration, 1e-12)
    assert.are.equal(".spring(duration: 0.4, bounce: 0.3)", s:swift())
  end)
end)

describe("a spring in a world", function()
  it("animates in SwiftUI's terms and its handle reads them back", function()
    local a = world:spring{ from = 0, to = 100, preset = "snappy" }
    assert.are.equal(".spring(duration: 0.5, bounce: 0.15)", a.spring:swift())
    assert.near(0.5, a.spring.duration, 1e-12)
    wait_idle()
    assert.are.equal(100, a.value)
  end)

  it("has no spring when it is a timing animation", function()
    assert.is_nil(world:animate{ from = 0, to = 1, duration = 0.1 }.spring)
  end)

  it("takes an engine's spring from config in the same words", function()
    local w = detent.world{ config = { motion = { spring = { duration = 0.3, bounce = 0.2 } } } }
    assert.are.equal(".spring(duration: 0.3, bounce: 0.2)", w:spring{ from = 0, to = 1 }.spring:swift())
    local snappy = detent.world{ config = { motion = { spring = "snappy" } } }
    assert.near(0.15, snappy:spring{ from = 0, to = 1 }.spring.bounce, 1e-12)
  end)
end)

describe("a spring written two ways at once", function()
  it("is refused, naming the two keys", function()
    assert.has_error(function() spring{ stiffness = 200, bounce = 0.3 } end,
      "bad argument #1 to 'spring' (stiffness and bounce give a spring in different ways; it takes one of "
      .. "{stiffness =, mass =, damping = | damping_ratio =}, {response =, damping_fraction = | damping_ratio =}, "
      .. "{duration =, bounce =}, {duration =, damping_ratio =}, {preset =, duration =, extra_bounce =} or {bounciness =, speed =})")
    assert.has_error(function() spring{ duration = 0.5, bounce = 0.3, damping_ratio = 0.5 } end)
    assert.has_error(function() spring{ preset = "bouncy", bounce = 0.3 } end)
    assert.has_error(function() spring{ response = 0.4, damping_fraction = 0.8, damping_ratio = 0.8 } end,
      "bad argument #1 to 'spring' (give damping_fraction (SwiftUI's word) or damping_ratio (UIKit's), not both: they are the same ζ)")
  end)

  it("is refused in config too", function()
    assert.has_error(function() detent.world{ config = { drawer = { spring = "smooth", spring_stiffness = 300 } } } end,
      "bad argument #1 to 'world' (config.drawer.spring and config.drawer.spring_stiffness both give the spring; "
      .. "give it one way: spring in any dialect, or spring_mass, spring_stiffness and spring_damping_ratio)")
  end)

  it("refuses a key without the one that chooses its dialect, and numbers outside SwiftUI's ranges", function()
    assert.has_error(function() spring{ extra_bounce = 0.1 } end)
    assert.has_error(function() spring{ preset = "bouncey" } end,
      "bad argument #1 to 'spring' (field 'preset': 'bouncey' is not a spring preset (expected one of: smooth, snappy, bouncy, interactive))")
    assert.has_error(function() spring{ bounce = -1 } end,
      "bad argument #1 to 'spring' (field 'bounce': bounce must be more than -1 and at most 1 (SwiftUI's range), got -1)")
  end)
end)
