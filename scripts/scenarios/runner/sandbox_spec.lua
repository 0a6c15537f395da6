-- The sandbox (SPEC §13): safe libraries only, virtual clocks, seeded randomness, require
-- confined to scripts/, and handles that fail clearly once their world is gone.
describe("the sandbox", function()
  it("offers only the safe standard libraries", function()
    assert.is_nil(io)
    assert.is_nil(debug)
    assert.is_nil(package)
    assert.is_nil(dofile)
    assert.is_nil(loadfile)
    assert.is_nil(os.execute)
    assert.is_nil(os.getenv)
  end)

  it("loads text chunks only", function()
    local bytecode = string.dump(function() return 1 end)
    local chunk, message = load(bytecode)
    assert.is_nil(chunk)
    assert.matches("attempt to load a binary chunk", message)
  end)

  it("replaces os.clock and os.time with the virtual clock", function()
    assert.are.equal(0, os.clock())
    wait(2.5)
    assert.near(2.5, os.clock(), 1e-9)
    assert.are.equal(2, os.time())
  end)

  it("seeds math.random from the run seed and the test's name", function()
    -- The same test with the same --seed always draws the same numbers.
    local a, b = math.random(1, 1000000), math.random()
    math.randomseed()                         -- reseeds from the run seed, never the clock
    local c = math.random(1, 1000000)
    assert.is_number(a)
    assert.is_true(b >= 0 and b < 1)
    assert.is_number(c)
  end)

  it("resolves require inside scripts/ only", function()
    local helpers = require("lib.helpers")
    assert.are.equal(42, helpers.answer())
    assert.has_error(function() require("../secrets") end)
    assert.has_error(function() require("lib.missing") end, "module 'lib.missing' not found: no file scripts/lib/missing.lua")
  end)

  it("refuses a handle whose world is gone", function()
    local old = world
    detent.world{ device = "iPhone 15 Pro" }
    assert.has_error(function() return old.time end,
      "world handle used after its world was destroyed (accessing 'time')")
  end)

  it("refuses the handles of everything made for a world that is gone", function()
    local screen = world:screen{ id = "a" }
    local drawer = world:drawer{ anchors = { "top", "bottom" } }
    local slide = world:animate{ from = 0, to = 1, duration = 1 }
    local finger = touch(10, 10)
    detent.world{}
    assert.has_error(function() return screen.content_height end,
      "screen handle used after its world was destroyed (accessing 'content_height')")
    assert.has_error(function() return drawer.origin end, "drawer handle used after its world was destroyed (accessing 'origin')")
    assert.has_error(function() return slide.value end, "animator handle used after its world was destroyed (accessing 'value')")
    assert.has_error(function() finger:up() end)
    local nav = world:navigation{ screens = { world:screen{ id = "b" } } }
    assert.has_error(function() nav:push(screen) end, "screen handle used after its world was destroyed")
  end)

  it("names the valid choices when an argument is wrong", function()
    -- (Curves plugins registered follow the built-ins: "; from plugins: …".)
    local ok, err = pcall(function() world:animate{ from = 0, to = 1, curve = "bouncy" } end)
    assert.is_false(ok)
    assert.matches("unknown curve 'bouncy' %(expected one of: linear, easeIn, easeOut, easeInEaseOut, default, sheet[;)]", err)
    assert.has_error(function() detent.world{ device = "Nokia 3310" } end)
    assert.has_error(function() world:animate{ from = 0, to = 1, durtion = 1 } end)
  end)
end)
