-- Presenting and dismissing a sheet (SPEC §5), on iPhone 15: 852 pt tall, safe insets 59 top
-- and 34 bottom, 60 Hz. A sheet presents a navigation stack; its bar is 56 pt tall (UIKit's
-- bar in a sheet). It slides up from below the screen over 0.35 s on the `sheet` curve
-- (0.2, 1, 0.42, 1) while a dimming layer fades to 0.4, and slides back down when dismissed.
local function form(content)
  return world:screen{ id = "form", title = "Form", content_height = content or 300 }
end

describe("presenting", function()
  it("starts hidden: no height, no dimming, nothing to touch", function()
    local sheet = world:sheet{ screens = { form() } }
    assert.are.equal("hidden", sheet.state)
    assert.are.equal(0, sheet.height)
    assert.are.equal(0, sheet.dimming)
    assert.is_false(sheet.presented)
  end)

  it("slides up to bar + content + bottom inset (56 + 300 + 34 = 390) in 0.35 s", function()
    local sheet = world:sheet{ screens = { form(300) } }
    local tr = trace{ "sheet.height" }
    local start = world.time
    sheet:present()
    wait_event("sheet.did_present")
    assert.are.equal(390, sheet.height)
    assert.are.equal("content", sheet.detent)
    assert.near(0.35, world.time - start, 1 / 60)
    assert.series(tr["sheet.height"]):monotonic("increasing")
  end)

  it("follows the sheet curve: at 0.1 s the height is 390 · y(0.1 / 0.35)", function()
    local sheet = world:sheet{ screens = { form(300) } }
    sheet:present()
    wait(0.1)
    assert.near(390 * detent.motion.curve("sheet", 0.1 / 0.35), sheet.height, 1e-3)
  end)

  it("fades the dimming in with the height, to 0.4", function()
    local sheet = world:sheet{ screens = { form(300) } }
    sheet:present()
    wait(0.05)
    assert.near(0.4 * sheet.height / 390, sheet.dimming, 1e-9)
    wait_idle()
    assert.are.equal(0.4, sheet.dimming)
  end)

  it("lays the screen out inside the sheet: its top at 852 − 390, its safe top under the 56 pt bar", function()
    local screen = form(300)
    local sheet = world:sheet{ screens = { screen }, presented = true }
    wait_frames(1)
    assert.are.equal(852 - 390, screen.frame.y)
    assert.are.equal(390, screen.frame.height)
    assert.are.equal(56, screen.safe_top)
    assert.are.equal(56, sheet.navigation.bar_height)
  end)

  it("can start at another detent", function()
    local sheet = world:sheet{ screens = { form(300) }, detents = { "content", "large" } }
    sheet:present{ detent = "large" }
    wait_idle()
    assert.are.equal("large", sheet.detent)
    assert.are.equal(852 - 59, sheet.height)
  end)

  it("leaves nothing behind when world:sheet fails, so a corrected call works", function()
    assert.has_error(function() world:sheet{ screens = {} } end, "set needs at least one screen (the root)")
    assert.has_error(function() world:sheet{ screens = { form() }, detent = "large", presented = true } end,
      "no detent named 'large' (detents: content)")
    local sheet = world:sheet{ screens = { form() }, presented = true }
    assert.are.equal(390, sheet.height)
  end)

  it("names the detents when asked for one it does not have", function()
    local sheet = world:sheet{ screens = { form() }, detents = { "content", "medium" } }
    assert.has_error(function() sheet:present{ detent = "large" } end,
      "no detent named 'large' (detents: content, medium)")
  end)
end)

describe("dismissing", function()
  it("slides down over 0.35 s and hides the sheet", function()
    local sheet = world:sheet{ screens = { form() }, presented = true }
    local tr = trace{ "sheet.height", "sheet.dimming" }
    local start = world.time
    sheet:dismiss()
    wait_event("sheet.did_dismiss")
    assert.near(0.35, world.time - start, 1 / 60)
    assert.are.equal("hidden", sheet.state)
    assert.are.equal(0, sheet.height)
    assert.series(tr["sheet.height"]):monotonic("decreasing")
    assert.series(tr["sheet.dimming"]):monotonic("decreasing")
    assert.are.equal(0, sheet.dimming)
  end)

  it("happens at once with animated = false", function()
    local sheet = world:sheet{ screens = { form() }, presented = true }
    sheet:dismiss{ animated = false }
    assert.are.equal(0, sheet.height)
    assert.are.equal("hidden", sheet.state)
  end)

  it("turns back from where it is when presented again midway", function()
    local sheet = world:sheet{ screens = { form() }, presented = true }
    local tr = trace{ "sheet.height" }
    sheet:dismiss()
    wait(0.1)
    local lowest = sheet.height
    sheet:present()
    wait_idle()
    assert.are.equal(390, sheet.height)
    assert.is_true(lowest > 0 and lowest < 390)
    -- The dismissal's first frame is its fastest (85 pt: its curve starts at full speed);
    -- turning back adds no larger step.
    assert.series(tr["sheet.height"]):max_step(86)
  end)

  it("emits will/did events around both", function()
    local sheet = world:sheet{ screens = { form() } }
    local seen = {}
    for _, name in ipairs({ "sheet.will_present", "sheet.did_present", "sheet.will_dismiss", "sheet.did_dismiss" }) do
      world:on(name, function(e) seen[#seen + 1] = e.name end)
    end
    sheet:present()
    wait_idle()
    sheet:dismiss()
    wait_idle()
    assert.are.same({ "sheet.will_present", "sheet.did_present", "sheet.will_dismiss", "sheet.did_dismiss" }, seen)
  end)
end)
