-- sandbox.lua — the scenario environment's extras written in Lua: a deterministic `print`,
-- `require` over package.path (LuaSetup), `math.randomseed` without the clock, and the
-- reseed the host calls before each test.
--
-- Run once per state after the prelude files, with the host table and the settings
-- ({ full = boolean, path = the project's `?` templates joined by ";", cpath = the same for
-- native modules, arguments = the command line }) as `...`; returns the reseed function.

local host = ...
local format, text_of = assert.format, host.format.tostring
local concat, pack = table.concat, table.pack
-- tostring shows numbered addresses ("table: 0x00000001", format.lua), never real ones, so
-- a run prints the same bytes each time; values with __tostring print as it says.
tostring = text_of
-- Deterministic print: tables are formatted as failure messages show them.
function print(...)
  local values = pack(...)
  local parts = {}
  for i = 1, values.n do
    local v = values[i]
    local mt = type(v) == "table" and getmetatable(v)
    if type(v) == "table" and not (mt and mt.__tostring) then parts[i] = format(v)
    else parts[i] = text_of(v) end
  end
  host.output(concat(parts, "\t"))
end
-- require follows package.path and package.cpath as lua5.4's does (preload, Lua files,
-- native modules), with two differences: a module that requires itself (directly or
-- through others) is an error naming the chain at the require that closes the loop, where
-- Lua's would end in a stack overflow; and Lua files load with chunk names relative to the
-- working folder, as spec files are shown. (The loop is located with host.fail: a module
-- ending in `return require(...)` is a tail call, whose line Lua no longer knows.)
--
-- With the full standard library `package` is Lua's own, the project's entries first in its
-- path and cpath. Sandboxed, there is no `package`: require searches the project's Lua
-- entries alone, with a table of its own.
local settings = select(2, ...)
if settings.full then
  -- os.time() reads the virtual clock (whole seconds of os.clock); a date table is converted
  -- as Lua converts it. os.date without a time formats the virtual one (the epoch plus the
  -- test's virtual seconds).
  local clock, calendar_time, calendar_date, floor = os.clock, os.time, os.date, math.floor
  os.time = function(date)
    if date == nil then return floor(clock()) end
    return calendar_time(date)
  end
  os.date = function(format, time)
    return calendar_date(format or "%c", time or floor(clock()))
  end
  -- The project's entries first, then what Lua's package library read from LUA_PATH_5_4 /
  -- LUA_PATH (or its default).
  if settings.path ~= "" then package.path = settings.path .. ";" .. package.path end
  if settings.cpath ~= "" then package.cpath = settings.cpath .. ";" .. package.cpath end
  -- `arg`, as lua and busted set it: the command line, the program at 0 (code written for
  -- busted reads it, e.g. to print its own name in a usage line).
  arg = { [0] = settings.arguments[1] }
  for i = 2, #settings.arguments do arg[i - 1] = settings.arguments[i] end
end
local pkg = settings.full and package or { loaded = {}, path = settings.path }
local search_path, load_source = host.search_path, host.load_source
local function lua_searcher(name)
  if type(pkg.path) ~= "string" then error("'package.path' must be a string", 2) end
  local filename, tried = search_path(name, pkg.path)
  if not filename then return tried end
  local chunk, message = load_source(filename)
  if not chunk then
    error(("error loading module '%s' from file '%s':\n\t%s"):format(name, filename, message), 0)
  end
  return chunk, filename
end
if settings.full then
  package.searchers[2] = lua_searcher
else
  pkg.searchers = { lua_searcher }   -- nothing can fill a preload table no script can reach
end
local loading = {}
-- busted's and luassert's own modules, as spec files written for busted require
-- them: Detent's implementations of the same API. `say` holds assert's messages.
local say = setmetatable({
  set = function(self, key, text)
    if type(self) == "string" then key, text = self, key end
    assert:set_message(key, text)
  end,
  set_namespace = function() end,   -- one language: en
}, {
  __call = function(_, key, values)
    local text = assert.messages[key]
    if text ~= nil and type(values) == "table" then return string.format(text, table.unpack(values)) end
    return text
  end,
})
local builtin = {
  luassert = assert, ["luassert.assert"] = assert, ["luassert.spy"] = spy, ["luassert.stub"] = stub,
  ["luassert.mock"] = mock, ["luassert.match"] = match, ["luassert.say"] = say, say = say,
  ["luassert.util"] = host.luassert_util,
  busted = host.busted_module,
}
for name, module in pairs(builtin) do pkg.loaded[name] = module end
host.loaded = pkg.loaded   -- what insulate blocks save and put back (spec_insulation.lua)
-- The first searcher's loader for module `name` and what it found, or nil and Lua's
-- "module 'x' not found:" message listing what each searcher tried.
local function find_module(name)
  if type(pkg.searchers) ~= "table" then error("'package.searchers' must be a table", 3) end
  local tried = {}
  for _, searcher in ipairs(pkg.searchers) do
    local loader, extra = searcher(name)
    if type(loader) == "function" then return loader, extra end
    if type(loader) == "string" then tried[#tried + 1] = "\n\t" .. loader end
  end
  return nil, "module '" .. name .. "' not found:" .. table.concat(tried)
end
-- Loads and runs module `name`, refusing a loop; true and its value (true for nil), or false
-- and why it was not found.
local function require_file(name)
  if loading[name] then
    local chain = {}
    for i = loading[name], #loading do chain[#chain + 1] = loading[i] end
    chain[#chain + 1] = name
    host.fail("module '" .. name .. "' requires itself (require loop: " .. table.concat(chain, " → ") .. ")")
  end
  local loader, found = find_module(name)
  if not loader then return false, found end
  loading[#loading + 1] = name
  loading[name] = #loading
  local ok, result = pcall(loader, name, found)
  loading[name], loading[#loading] = nil, nil
  if not ok then error(result, 0) end   -- the module's error, with its own location
  if result == nil then result = pkg.loaded[name] end
  if result == nil then result = true end
  return true, result
end
function require(name)
  if type(name) ~= "string" and type(name) ~= "number" then
    error("bad argument #1 to 'require' (string expected, got " .. (name == nil and "no value" or type(name)) .. ")", 2)
  end
  name = tostring(name)
  local value = pkg.loaded[name]
  if value then return value end
  local found, result = require_file(name)
  if not found then error(result, 2) end
  pkg.loaded[name] = result
  return result
end
-- math.randomseed() without arguments reseeds from the run's seed, never the clock.
local raw_randomseed = math.randomseed
local run_seed = 0
local tointeger, select, error_ = math.tointeger, select, error
function math.randomseed(seed, ...)
  if seed == nil then return raw_randomseed(run_seed) end
  for i = 1, 1 + select("#", ...) do
    local n = i == 1 and seed or select(i - 1, ...)
    if tointeger(n) == nil then
      error_("bad argument #" .. i .. " to 'randomseed' (an integer expected, got " .. (type(n) == "number" and tostring(n) or type(n)) .. ")", 2)
    end
  end
  return raw_randomseed(seed, ...)
end
-- Before each test: reseed, so the same seed gives each test the same numbers. Nothing else
-- is put back between a file's tests, as busted puts nothing back: what a file's top level
-- or a setup does to shared library state (the string metatable, say) lasts for its tests;
-- between files the pristine restore puts everything back.
return function(seed)
  run_seed = seed
  raw_randomseed(seed)
end
