-- spec_insulation.lua — insulate and expose blocks: the globals and modules a block keeps
-- to itself (part of Detent's busted-style structure, see spec.lua).
--
-- Loaded before spec.lua with the host table as `...`; leaves its functions on
-- `host.spec_insulation` for spec.lua (collecting blocks) and spec_run.lua (running tests).

local host = ...

-- A value `restore` reads as "this global did not exist".
local NONE = {}

----------------------------------------------------------------------------------------------
-- Insulation: globals and modules
--
-- busted saves _G and package.loaded when an insulate block starts and restores them when
-- it ends. Here a block's body runs at collection and its tests later (possibly with other
-- tests in between under --shuffle), so an insulate block keeps what it changed as a delta:
-- its body's changes are recorded at collection and undone; each test of the block applies
-- the delta over the globals of the moment, runs, records the block's changes again and
-- restores the globals outside. Modules follow through `require`: inside an insulate block
-- `require` is the block's own, which loads a module afresh for the block unless it was
-- loaded outside already (as busted's copy of package.loaded does).
----------------------------------------------------------------------------------------------

--- The globals as they are: every raw key of _G and _G's metatable.
local function snapshot()
  local values = {}
  for k, v in next, _G do values[k] = v end
  return { values = values, mt = getmetatable(_G) }
end

--- What changed in _G since `before` (a snapshot): { changes = {k = v or NONE}, mt = }.
local function diff(before)
  local changes = {}
  for k, v in next, _G do
    if not rawequal(before.values[k], v) then changes[k] = v end
  end
  for k in next, before.values do
    if rawget(_G, k) == nil then changes[k] = NONE end
  end
  return { changes = changes, mt = getmetatable(_G), mt_changed = not rawequal(getmetatable(_G), before.mt) }
end

local function set_globals_metatable(mt)
  if not rawequal(getmetatable(_G), mt) then pcall(setmetatable, _G, mt) end
end

local function apply(delta)
  for k, v in next, delta.changes do rawset(_G, k, v ~= NONE and v or nil) end
  if delta.mt_changed then set_globals_metatable(delta.mt) end
end

local function restore(state)
  local stale = {}
  for k in next, _G do
    if state.values[k] == nil then stale[#stale + 1] = k end
  end
  for _, k in ipairs(stale) do rawset(_G, k, nil) end
  for k, v in next, state.values do rawset(_G, k, v) end
  set_globals_metatable(state.mt)
end

-- Modules the file's own `require` has loaded: the host's require asks host.load_module for
-- a chunk, and the wrapper below notes the module once its chunk has returned.
-- (host.find_module, which searches package.searchers, is sandbox.lua's, run later.)
local outside_loaded = {}
do
  host.load_module = function(name)
    local chunk, message = host.find_module(name)
    if not chunk then return chunk, message end
    return function(...)
      local result = chunk(...)
      outside_loaded[name] = true
      return result
    end
  end
end

--- The `require` of insulate block `block`, whose enclosing require is `outer`.
local function insulated_require(block, outer)
  local loaded = {}
  block.loaded = loaded
  local function knows(name)
    local b = block.parent
    while b do
      if b.loaded and b.loaded[name] ~= nil then return true end
      b = b.parent
    end
    return outside_loaded[name]
  end
  return function(name)
    if type(name) ~= "string" then error("require expects a module name", 2) end
    if loaded[name] ~= nil then return loaded[name] end
    if knows(name) or host.builtin_modules[name] then return outer(name) end
    local found, result = host.require_file(name)
    if not found then
      -- Not found by the searchers: the enclosing require may still know it (luassert's and
      -- busted's own modules, in package.loaded); otherwise the module's absence is the error.
      local ok, value = pcall(outer, name)
      if ok then return value end
      error(result, 2)
    end
    outside_loaded[name] = nil   -- the wrapper noted it, but it is this block's alone
    loaded[name] = result
    return result
  end
end

-- Each test brackets its run with these: the insulate blocks of its chain are entered
-- (outer to inner) and left (inner to outer). `open` remembers what the test entered, so a
-- test stopped by a limit, whose coroutine never reaches its own leaving, is left by the next.
local open

local function enter_insulation(blocks)
  local frames = {}
  for _, block in ipairs(blocks) do
    if block.kind == "insulate" then
      frames[#frames + 1] = { block = block, outside = snapshot() }
      apply(block.delta)
    end
  end
  open = frames
end

local function leave_insulation(blocks_by_child)
  local frames = open
  if not frames then return end
  open = nil
  for i = #frames, 1, -1 do
    local frame = frames[i]
    if blocks_by_child[frame.block] and blocks_by_child[frame.block].kind == "expose" then
      -- busted: an expose block's changes survive the insulate block around it.
      frame.block.delta = { changes = {} }
    else
      frame.block.delta = diff(frame.outside)
      restore(frame.outside)
    end
  end
end

host.spec_insulation = {
  snapshot = snapshot,                     -- the globals as they are
  diff = diff,                             -- diff(before): what changed in _G since a snapshot
  restore = restore,                       -- restore(snapshot): the globals back as they were
  insulated_require = insulated_require,   -- insulated_require(block, outer): an insulate block's require
  enter = enter_insulation,                -- enter(blocks): a test enters its insulate blocks
  leave = leave_insulation,                -- leave(blocks_by_child): and leaves them
}
