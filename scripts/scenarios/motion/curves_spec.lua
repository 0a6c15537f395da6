-- Timing curves (SPEC §2): CSS / CAMediaTimingFunction cubic-bezier semantics.
-- detent.motion.curve(name, progress) → eased progress; custom curves take x1, y1, x2, y2.
local curve = detent.motion.curve

describe("timing curves", function()
  it("are named as in UIKit, plus the seed article's sheet curve", function()
    assert.are.same({ "linear", "easeIn", "easeOut", "easeInEaseOut", "default", "sheet" }, detent.motion.curves)
  end)

  it("start at 0 and end at 1", function()
    for _, name in ipairs(detent.motion.curves) do
      assert.are.equal(0, curve(name, 0))
      assert.are.equal(1, curve(name, 1))
    end
  end)

  it("linear is the identity", function()
    assert.near(0.25, curve("linear", 0.25), 1e-9)   -- SPEC §2: precision 1e-6 or better
  end)

  it("easeInEaseOut is symmetric about the midpoint", function()
    assert.near(0.5, curve("easeInEaseOut", 0.5), 1e-6)
    assert.near(1 - curve("easeInEaseOut", 0.2), curve("easeInEaseOut", 0.8), 1e-6)
  end)

  it("the sheet curve (0.2, 1, 0.42, 1) is most of the way there by the middle", function()
    -- Solved independently (SciPy brentq on the Bézier polynomials): x(t) = 0.5 at
    -- t ≈ 0.642094, where y ≈ 0.9541534.
    assert.near(0.9541534, curve("sheet", 0.5), 1e-6)
    assert.is_true(curve("sheet", 0.5) > curve("easeOut", 0.5))
  end)

  it("matches a custom curve given by control points", function()
    assert.near(curve("easeIn", 0.3), curve(0.42, 0, 1, 1, 0.3), 1e-12)
  end)

  it("extrapolates outside [0, 1] along the end tangents", function()
    -- linear's tangents have slope 1, so it continues straight.
    assert.near(-0.5, curve("linear", -0.5), 1e-9)
    assert.near(1.5, curve("linear", 1.5), 1e-9)
  end)

  it("refuses control points whose x lies outside [0, 1]", function()
    assert.has_error(function() curve(1.5, 0, 0.5, 1, 0.5) end)
  end)

  it("drive world:animate, finishing exactly on the target", function()
    local a = world:animate{ from = 100, to = 400, duration = 0.35, curve = "sheet" }
    wait(0.35 / 2)
    assert.is_true(a.value > 100 + 300 * 0.5)   -- the sheet curve front-loads the motion
    wait_event("animator.finished")
    assert.are.equal(400, a.value)
  end)
end)
