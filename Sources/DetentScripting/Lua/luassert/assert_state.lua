-- assert_state.lua — the assert object's state, in snapshots (luassert's state.lua).
--
-- Loaded before assert.lua with the host table as `...`; leaves the module in
-- `host.assert_state` for assert.lua, spy.lua and match.lua.  Nothing here is
-- global.
--
-- The state is a chain of snapshots, newest first.  Each holds what was
-- changed while it was the newest: formatters added, parameters set, spies
-- and stubs made.  `assert:snapshot()` starts a new one; its `revert()`
-- drops it (and any taken after it): formatters and parameters set since are
-- forgotten and spies made since are reverted, so the tables they replaced
-- get their functions back.  The first snapshot holds the defaults and is
-- never reverted.

local host = ...

local M = {}

local NIL = {}   -- stands for a parameter explicitly set to nil

local Snapshot = {}
Snapshot.__index = Snapshot
Snapshot.__call = function(snapshot) snapshot:revert() end

local current   -- the newest snapshot

--- A new snapshot on top of the chain; returned to the spec by assert:snapshot().
function M.snapshot()
  local snapshot = setmetatable({
    formatters = {},                              -- newest first
    parameters = {},
    spies = {},                                   -- in creation order, so reverts are deterministic
    previous = current,
  }, Snapshot)
  if current then current.next = snapshot end
  current = snapshot
  return snapshot
end

--- Reverts this snapshot and every one taken after it.  Reverting the
-- oldest (the defaults) or an already reverted snapshot does nothing.
function Snapshot:revert()
  if getmetatable(self) ~= Snapshot then
    error("Value provided is not a valid snapshot", 2)
  end
  if self.previous == nil or self.reverted then return end
  if self.next then self.next:revert() end
  self.formatters, self.parameters = {}, {}
  local spies = self.spies
  self.spies = {}
  for i = #spies, 1, -1 do spies[i]:revert() end
  self.reverted = true
  current = self.previous
  current.next = nil
end

--- luassert's state.revert(): without a snapshot, drops the newest one.
function M.revert(snapshot)
  (snapshot or current):revert()
end

function M.add_formatter(fn)
  table.insert(current.formatters, 1, fn)
end

--- Removes `fn` from every snapshot that holds it, newest first.
function M.remove_formatter(fn)
  local snapshot = current
  while snapshot do
    for i, candidate in ipairs(snapshot.formatters) do
      if rawequal(candidate, fn) then table.remove(snapshot.formatters, i); break end
    end
    snapshot = snapshot.previous
  end
end

--- The text of the first formatter (newest snapshot first) that formats
-- `value`, or nil.  `fmtargs` is passed on (luassert's `crumbs` of `same`).
function M.format_argument(value, fmtargs)
  local snapshot = current
  while snapshot do
    for _, fn in ipairs(snapshot.formatters) do
      local text = fn(value, fmtargs)
      if text ~= nil then return text end
    end
    snapshot = snapshot.previous
  end
  return nil
end

function M.set_parameter(name, value)
  if value == nil then value = NIL end
  current.parameters[name] = value
end

function M.get_parameter(name)
  local snapshot = current
  while snapshot do
    local value = snapshot.parameters[name]
    if value ~= nil then
      if value == NIL then return nil end
      return value
    end
    snapshot = snapshot.previous
  end
  return nil
end

--- Records a spy or stub so that reverting the snapshot reverts it.
function M.add_spy(spy)
  local spies = current.spies
  spies[#spies + 1] = spy
end

M.snapshot()   -- the defaults

host.assert_state = M
return M
