-- Lua as Lua users know it (issue 26): `detent run` gives a spec file the whole standard
-- library and a `require` that follows package.path, as lua5.4 and busted do; what keeps a
-- run deterministic stays — virtual clocks, seeded randomness — and handles fail clearly
-- once their world is gone. (The daemon's sandbox: Tests/Fixtures/sandboxed/.)
describe("the standard library", function()
  it("is all there: io, os, package, debug and file loading", function()
    assert.is_function(io.open)
    assert.is_function(io.lines)
    assert.is_function(debug.traceback)
    assert.is_string(package.path)
    assert.is_table(package.loaded)
    assert.is_function(dofile)
    assert.is_function(loadfile)
    assert.is_function(os.getenv)
    assert.is_function(os.remove)
    assert.are.equal(string, package.loaded.string)
  end)

  it("reads and writes files", function()
    local name = os.tmpname()
    local out = assert(io.open(name, "w"))
    out:write("local n = first\nreturn n + 1\n")
    out:close()
    local lines = {}
    for line in io.lines(name) do lines[#lines + 1] = line end
    assert.are.same({ "local n = first", "return n + 1" }, lines)
    local chunk = assert(loadfile(name, "t", { first = 1 }))
    assert.are.equal(2, chunk())
    assert.is_true(os.remove(name))
  end)

  it("loads binary chunks as load's every mode allows", function()
    local bytecode = string.dump(function() return 1 end)
    local chunk = assert(load(bytecode, "dumped", "b"))
    assert.are.equal(1, chunk())
    local refused, message = load(bytecode, "dumped", "t")
    assert.is_nil(refused)
    assert.matches("attempt to load a binary chunk", message)
  end)

  it("replaces os.clock and os.time with the virtual clock", function()
    assert.are.equal(0, os.clock())
    wait(2.5)
    assert.near(2.5, os.clock(), 1e-9)
    assert.are.equal(2, os.time())
    -- os.date formats the virtual clock too; a date is converted as Lua converts it.
    assert.are.equal("1970-01-01 00:00:02", os.date("!%Y-%m-%d %H:%M:%S"))
    assert.are.equal(os.time{ year = 2024, month = 1, day = 2, hour = 12 } - os.time{ year = 2024, month = 1, day = 1, hour = 12 }, 86400)
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

  it("resolves require along package.path, the project's entries first", function()
    local helpers = require("lib.helpers")
    assert.are.equal(42, helpers.answer())
    assert.are.equal(helpers, package.loaded["lib.helpers"])
    assert.matches("scripts/%?%.lua;", package.path)
    assert.has_error(function() require("lib.missing") end)
    local ok, message = pcall(require, "lib.missing")
    assert.is_false(ok)
    assert.matches("module 'lib.missing' not found:\n\tno field package.preload%['lib.missing'%]", message)
    assert.matches("\n\tno file '[^']*scripts/lib/missing.lua'", message)
  end)

  it("requires modules from folders a spec adds to package.path, and from package.preload", function()
    local folder = os.tmpname()
    os.remove(folder)
    assert(os.execute("mkdir -p '" .. folder .. "/pkg'"))
    local out = assert(io.open(folder .. "/pkg/init.lua", "w"))
    out:write("return { name = ..., where = select(2, ...) }\n")
    out:close()
    local saved = package.path
    package.path = folder .. "/?/init.lua;" .. package.path
    local module = require("pkg")
    package.path = saved
    assert.are.equal("pkg", module.name)
    assert.are.equal(folder .. "/pkg/init.lua", module.where)
    os.remove(folder .. "/pkg/init.lua")
    os.remove(folder .. "/pkg")
    os.remove(folder)
    package.preload["made.here"] = function(name) return { made = name } end
    assert.are.same({ made = "made.here" }, require("made.here"))
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
