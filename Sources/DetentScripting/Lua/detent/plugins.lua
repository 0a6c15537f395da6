-- Plugins (SPEC §12): Lua files that return
--   { name = "...", version = "...", requires = "detent >= 0.1"?, setup = function(detent) ... end }
-- and, in setup, add to Detent's registries through the `detent` object they are given:
-- register_policy, register_curve, register_gesture, register_assertion, on (event handlers),
-- register_invariant and register_component. Every registration remembers its plugin, so a
-- name has one owner and `detent plugins` can say who registered what.
--
-- The host loads each plugin file as a chunk named by its path and calls `install` as guest
-- code (the sandbox, budget and memory cap of scenarios apply). A plugin whose file or setup
-- fails is rolled back: nothing it registered stays.
local host = ...

local plugins = {}

local KINDS = { "policy", "curve", "gesture", "assertion", "handler", "invariant", "component" }

-- owners[kind][name] = plugin name ("detent" for built-ins)
local owners = {}
for _, kind in ipairs(KINDS) do owners[kind] = {} end
for _, name in ipairs({ "drag", "flick", "tap", "scroll", "edge_swipe", "touch" }) do owners.gesture[name] = "detent" end
for _, name in ipairs(host.builtin_curves) do owners.curve[name] = "detent" end
for _, name in ipairs(host.builtin_policies) do owners.policy[name] = "detent" end

local by_name = {}          -- plugin name -> record
local gestures = {}         -- name -> fn
local handlers = {}         -- { event, fn, plugin }
local invariants = {}       -- in registration order: { name, fn, plugin, tags, watch }
local disabled = {}         -- invariant names turned off for the running test
local test_tags = {}        -- tags of the running test (set)
local last_seen = {}        -- invariant name -> { time, values } when it was last checked

-- Every string key of `t` and of `more`, sorted (the fields an error lists).
local function field_names(t, more)
  local names, seen = {}, {}
  for _, source in ipairs({ t, more or {} }) do
    for key in pairs(source) do
      if type(key) == "string" and not seen[key] then seen[key] = true; names[#names + 1] = key end
    end
  end
  table.sort(names)
  return names
end

-- Makes reading a field `t` does not have an error naming the nearest ones, at the reader's
-- line: `detent.register_invariants(...)` says what it meant instead of calling nil.
-- `fallback()` gives a table whose fields `t` also answers with (read raw).
local function strict(t, owner, fallback)
  return setmetatable(t, { __index = function(_, key)
    local more = fallback and fallback()
    if more ~= nil then
      local value = rawget(more, key)
      if value ~= nil then return value end
    end
    if type(key) ~= "string" then return nil end
    local names = field_names(t, more)
    error(owner .. " has no field '" .. key .. "' (" .. host.name_hint(key, names) .. "fields: " .. table.concat(names, ", ") .. ")", 2)
  end })
end

local function fail(message, level) error(message, (level or 1) + 1) end

local function check_name(kind, name, verb)
  if type(name) ~= "string" or not name:find("^[%a_][%w_%.%-]*$") then
    fail(verb .. ": the name must be a word (letters, digits, _ . -), got " .. (type(name) == "string" and ("'" .. name .. "'") or type(name)), 3)
  end
end

-- Claims `name` of `kind` for `plugin`, or raises naming the owner.
local function claim(kind, name, plugin, verb)
  check_name(kind, name, verb)
  local owner = owners[kind][name]
  if owner ~= nil then
    local whose = owner == "detent" and "built into Detent" or ("registered by plugin '" .. owner .. "'")
    fail(verb .. ": " .. kind .. " '" .. name .. "' is already " .. whose, 3)
  end
  owners[kind][name] = plugin.name
  plugin.registered[kind][#plugin.registered[kind] + 1] = name
end

-- The `detent` object a plugin's setup receives: the registries, bound to the plugin, in
-- front of the global `detent` (motion helpers, version…).
local function api_for(plugin)
  local api = {}
  function api.register_policy(name, fn)
    claim("policy", name, plugin, "register_policy")
    if type(fn) ~= "function" then fail("register_policy: '" .. name .. "' needs a function(release) returning an origin or an anchor name", 2) end
    host.register_policy(name, fn, plugin.name)
  end
  function api.register_curve(name, curve)
    claim("curve", name, plugin, "register_curve")
    if type(curve) == "function" then
      -- Sampled once per process: engines then evaluate it without calling back into Lua,
      -- and the next spec file's state takes the samples this file's plugin made.
      if host.reuse_curve(name, plugin.name) then return end
      local samples, count = {}, host.curve_samples
      for i = 0, count - 1 do
        local value = curve(i / (count - 1))
        if type(value) ~= "number" or value ~= value or value == math.huge or value == -math.huge then
          local shown = value ~= value and "nan" or tostring(value)
          fail("register_curve: '" .. name .. "' returned " .. shown .. " at progress " .. (i / (count - 1)) .. "; a finite number expected", 2)
        end
        samples[i + 1] = value
      end
      host.register_curve(name, "samples", samples, plugin.name)
    elseif type(curve) == "table" then
      host.register_curve(name, "bezier", curve, plugin.name)
    else
      fail("register_curve: '" .. name .. "' needs a function(progress) or four control points {x1, y1, x2, y2}", 2)
    end
  end
  function api.register_gesture(name, fn)
    claim("gesture", name, plugin, "register_gesture")
    if type(fn) ~= "function" then fail("register_gesture: '" .. name .. "' needs a function", 2) end
    if rawget(_G, name) ~= nil then fail("register_gesture: a global named '" .. name .. "' exists already", 2) end
    gestures[name] = fn
    _G[name] = fn
  end
  function api.register_assertion(name, fn, messages)
    claim("assertion", name, plugin, "register_assertion")
    if type(fn) ~= "function" then fail("register_assertion: '" .. name .. "' needs a function(state, arguments, level)", 2) end
    if type(messages) ~= "table" or type(messages.positive) ~= "string" or type(messages.negative) ~= "string" then
      fail("register_assertion: '" .. name .. "' needs messages { positive = \"…\", negative = \"…\" } (%s for each argument)", 2)
    end
    assert:register("assertion", name, fn, messages.positive, messages.negative)
  end
  -- event(name): declares an event the plugin emits (world:emit), so that on, world:on and
  -- wait_event accept its name.
  function api.event(name)
    if type(name) ~= "string" then fail("event: an event name (string) expected", 2) end
    host.declare_event(name)
  end
  function api.on(event, fn)
    if type(event) ~= "string" or event == "" then fail("on: an event name (string) expected", 2) end
    if type(fn) ~= "function" then fail("on: '" .. event .. "' needs a function(event)", 2) end
    host.check_event(event, "on")
    handlers[#handlers + 1] = { event = event, fn = fn, plugin = plugin.name }
    plugin.registered.handler[#plugin.registered.handler + 1] = event
  end
  -- opts.tags: the tests it covers, by the tags of their names ("#bar" or "bar", as a test's
  -- name or --tags writes one); none: every test. opts.watch: property names whose values on
  -- the frame before it the function receives (check below).
  function api.register_invariant(name, fn, opts)
    claim("invariant", name, plugin, "register_invariant")
    if type(fn) ~= "function" then fail("register_invariant: '" .. name .. "' needs a function(world[, motion]) returning true, or false and a message", 2) end
    if opts ~= nil and type(opts) ~= "table" then fail("register_invariant: options must be a table like { tags = { \"#bar\" }, watch = { \"drawer.origin\" } }", 2) end
    local tags, watch
    if opts then host.check_options(opts, { "tags", "watch" }, "register_invariant", 3) end
    if opts and opts.tags ~= nil then
      if type(opts.tags) ~= "table" then fail("register_invariant: tags must be a list of strings", 2) end
      tags = {}
      for _, tag in ipairs(opts.tags) do
        if type(tag) ~= "string" then fail("register_invariant: tags must be a list of strings", 2) end
        -- A tag as a test's name carries it (busted: #([%w_-]+)), with or without its '#'.
        local word = tag:match("^#?([%w_%-]+)$")
        if not word then
          fail("register_invariant: tag '" .. tag .. "' is not a tag: write it as a test's name does (\"#guarded\") or as --tags does (\"guarded\"): letters, digits, _ and -", 2)
        end
        tags[#tags + 1] = word
      end
      if #tags == 0 then fail("register_invariant: tags = {} covers no test: leave tags out to cover every test", 2) end
    end
    if opts and opts.watch ~= nil then
      if type(opts.watch) ~= "table" or #opts.watch == 0 then fail("register_invariant: watch must be a list of property names like { \"drawer.origin\" }", 2) end
      watch = {}
      for _, property in ipairs(opts.watch) do
        if type(property) ~= "string" then fail("register_invariant: watch must be a list of property names like { \"drawer.origin\" }", 2) end
        watch[#watch + 1] = property
      end
      host.check_watch(watch, "register_invariant")
    end
    invariants[#invariants + 1] = { name = name, fn = fn, plugin = plugin.name, tags = tags, watch = watch }
    plugin.invariant_tags[name] = tags or {}
  end
  -- A new kind of engine object (docs/plugins.md "Components"); the host checks the
  -- definition and keeps it (ComponentBinding).
  function api.register_component(name, definition)
    claim("component", name, plugin, "register_component")
    if type(definition) ~= "table" then fail("register_component: '" .. name .. "' needs a definition table { properties =, frame =, regions =, began =, step =, ... }", 2) end
    host.register_component(name, definition, plugin.name)
  end
  return strict(api, "the plugin's detent", function() return rawget(_G, "detent") end)
end

--- Makes the global `detent` table's unknown fields errors naming the nearest (the host calls
--- it once the table is made).
function plugins.strict_detent(t) strict(t, "detent") end

-- Undoes what a failed plugin registered.
local function roll_back(plugin)
  for _, kind in ipairs(KINDS) do
    for _, name in ipairs(plugin.registered[kind]) do
      if owners[kind][name] == plugin.name then owners[kind][name] = nil end
      if kind == "gesture" then gestures[name] = nil; _G[name] = nil end
      if kind == "assertion" then assert:unregister("assertion", name) end
    end
  end
  for i = #handlers, 1, -1 do if handlers[i].plugin == plugin.name then table.remove(handlers, i) end end
  for i = #invariants, 1, -1 do if invariants[i].plugin == plugin.name then table.remove(invariants, i) end end
  host.forget_plugin(plugin.name)
end

-- "detent >= 0.1": is this Detent's version at least that?
local function version_at_least(have, want)
  local function parts(v)
    local out = {}
    for n in v:gmatch("%d+") do out[#out + 1] = tonumber(n) end
    return out
  end
  local a, b = parts(have), parts(want)
  for i = 1, math.max(#a, #b) do
    local x, y = a[i] or 0, b[i] or 0
    if x ~= y then return x > y end
  end
  return true
end

-- The line of the file's last `return` (where its descriptor is), for errors about fields.
local function descriptor_line(source)
  local line, last = 0, 1
  for text in (source .. "\n"):gmatch("([^\n]*)\n") do
    line = line + 1
    if text:find("^%s*return%f[%W]") then last = line end
  end
  return last
end

--- Runs a plugin chunk (loaded by the host, named by its path) and its setup. Returns the
--- record { name, version, file, registered = { kind = { names } } }; raises
--- "path:line: message" when the plugin is malformed or its code fails.
function plugins.install(chunk, path, source)
  -- Found only for a message: scanning the source costs every load otherwise.
  local function where() return path .. ":" .. descriptor_line(source) .. ": " end
  local descriptor = chunk()
  -- Code plugins share is kept beside them, not among them: every file here is loaded as one.
  local helpers = "; code that plugins share belongs in scripts/lib/ (require(\"lib.name\")), not in a plugins folder"
  if type(descriptor) ~= "table" then
    error(where() .. "a plugin returns a table { name = \"…\", version = \"…\", setup = function(detent) … end }, got " .. type(descriptor) .. helpers, 0)
  end
  if rawget(descriptor, "name") == nil and rawget(descriptor, "setup") == nil and rawget(descriptor, "version") == nil then
    error(where() .. "this file returned a table that is not a plugin (it has no name, version or setup): a plugin returns { name = \"…\", version = \"…\", setup = function(detent) … end }" .. helpers, 0)
  end
  local name, version, requires, setup = descriptor.name, descriptor.version, descriptor.requires, descriptor.setup
  if type(name) ~= "string" or not name:find("^[%a_][%w_%.%-]*$") then
    error(where() .. "the plugin's name must be a word (letters, digits, _ . -), got " .. (type(name) == "string" and ("'" .. name .. "'") or type(name)), 0)
  end
  if type(version) ~= "string" or version == "" then error(where() .. "plugin '" .. name .. "' needs a version (a string like \"1.0\")", 0) end
  if type(setup) ~= "function" then error(where() .. "plugin '" .. name .. "' needs setup = function(detent) … end", 0) end
  if by_name[name] then
    error(where() .. "a plugin named '" .. name .. "' is already loaded from " .. by_name[name].file, 0)
  end
  if requires ~= nil then
    local want = type(requires) == "string" and requires:match("^%s*detent%s*>=%s*([%d%.]+)%s*$")
    if not want then error(where() .. "plugin '" .. name .. "': requires must read \"detent >= x.y\", got " .. tostring(requires), 0) end
    if not version_at_least(host.version, want) then
      error(where() .. "plugin '" .. name .. "' requires detent >= " .. want .. "; this is " .. host.version, 0)
    end
  end
  local record = { name = name, version = version, file = path, registered = {}, invariant_tags = {} }
  for _, kind in ipairs(KINDS) do record.registered[kind] = {} end
  local ok, err = pcall(setup, api_for(record))
  if not ok then
    roll_back(record)
    error(err, 0)
  end
  by_name[name] = record
  return record
end

--- Attaches the plugins' event handlers to a new world.
function plugins.attach(world)
  for _, h in ipairs(handlers) do world:on(h.event, h.fn) end
end

function plugins.has_handlers() return #handlers > 0 end
function plugins.has_invariants() return #invariants > 0 end

--- Before each test: its tags, and every invariant on again.
--- Returns whether any invariant applies to it (the host checks none every frame otherwise).
function plugins.begin_test(tags)
  test_tags, disabled, last_seen = {}, {}, {}
  for _, tag in ipairs(tags or {}) do test_tags[tag] = true end
  for _, inv in ipairs(invariants) do
    if not inv.tags then return true end
    for _, tag in ipairs(inv.tags) do if test_tags[tag] then return true end end
  end
  return false
end

--- detent.disable_invariant(name): turns an invariant off for the running test.
function plugins.disable_invariant(name)
  if type(name) ~= "string" or owners.invariant[name] == nil then
    local known = {}
    for _, inv in ipairs(invariants) do known[#known + 1] = inv.name end
    error("disable_invariant: no invariant named " .. tostring(name) .. " (registered: " .. (#known > 0 and table.concat(known, ", ") or "none") .. ")", 2)
  end
  disabled[name] = true
end

-- What an invariant that watches properties receives beside the world: the frame and its
-- time, `dt` (seconds since the frame it last saw; 0 on the first), and the watched values
-- now (`current`) and on that frame (`previous`; empty on the first frame it sees, and again
-- when the test makes a new world, whose clock starts over). Frames an idle world skips in
-- fast-forward are not checked: nothing moved on them.
local function motion(inv, world)
  local time = world.time
  local current = {}
  for _, property in ipairs(inv.watch) do current[property] = world:property(property) end
  local last = last_seen[inv.name]
  if last and time < last.time then last = nil end
  last_seen[inv.name] = { time = time, values = current }
  return { frame = world.frame, time = time, dt = last and (time - last.time) or 0,
           current = current, previous = last and last.values or {} }
end

--- Runs every invariant that applies to the running test on `world`; returns nil, or the
--- message of the first violation: "invariant 'x' (plugin p): message".
function plugins.check(world)
  for _, inv in ipairs(invariants) do
    local applies = not disabled[inv.name]
    if applies and inv.tags then
      applies = false
      for _, tag in ipairs(inv.tags) do if test_tags[tag] then applies = true end end
    end
    if applies then
      local ok, holds, message
      if inv.watch then
        ok, holds, message = pcall(inv.fn, world, motion(inv, world))
      else
        ok, holds, message = pcall(inv.fn, world)
      end
      if not ok then
        return "invariant '" .. inv.name .. "' (plugin " .. inv.plugin .. ") raised: " .. tostring(holds)
      elseif not holds then
        return "invariant '" .. inv.name .. "' (plugin " .. inv.plugin .. ") violated: " .. tostring(message or "it returned " .. tostring(holds))
      end
    end
  end
  return nil
end

--- Who owns `name` of `kind` ("detent", a plugin's name, or nil).
function plugins.owner(kind, name) return owners[kind] and owners[kind][name] end

return plugins
