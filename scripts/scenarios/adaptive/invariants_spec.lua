-- Invariants under random input (issue 5 item 5): seeded sequences of pushes, pops, tab
-- selections, show_detail calls, rotations, resizes and pauses on an iPad Pro 11" split view.
-- A reference model of SPEC §7, written here in plain Lua, predicts both stacks after every
-- action; at the end (once idle) the engine's stacks must equal the model's — so no screen
-- was lost or duplicated — every screen sits in exactly one stack with the right parent, the
-- tab depth equals the primary stack's count and the bar's alpha matches it. Then the split
-- is collapsed and expanded again (or expanded and collapsed) and must show the same stacks.
-- A failing sequence is printed as a Lua spec that replays it.
--
-- 10 tests × 6 sequences = 60 sequences (about 4 s in a debug build); math.random is seeded from --seed and each test's
-- name, so a run is reproducible.
local WIDTHS = { portrait = { 834, 504, 320 }, landscape = { 1194, 809, 592, 375 } }
local COMPACT = { portrait = 320, landscape = 375 }
local FULL = { portrait = 834, landscape = 1194 }

local function ids(stack)
  local out = {}
  for i, s in ipairs(stack) do out[i] = s.id end
  return out
end

local function copy(list)
  local out = {}
  for i, v in ipairs(list) do out[i] = v end
  return out
end

-- The model: stacks of ids, the selection, and the screens an expansion still holds.
local function new_model(split)
  return {
    collapsed = split.collapsed,
    primary = { "a" },
    secondary = { "placeholder" },
    selected = 1,
    roots = { "a", "b", "c" },
    pending = nil,
  }
end

local function flush_pending(m)
  if m.pending then
    for _, id in ipairs(m.pending) do m.secondary[#m.secondary + 1] = id end
    m.pending = nil
  end
end

local function collapse(m)
  flush_pending(m)
  for i = 2, #m.secondary do m.primary[#m.primary + 1] = m.secondary[i] end
  m.secondary = { "placeholder" }
  m.collapsed = true
end

local function expand(m)
  m.pending = {}
  for i = 2, #m.primary do m.pending[#m.pending + 1] = m.primary[i] end
  m.primary = { m.primary[1] }
  m.collapsed = false
end

local function show_detail(m, id, from_primary)
  if m.collapsed then
    m.primary[#m.primary + 1] = id
    return
  end
  flush_pending(m)
  if from_primary then m.secondary = { "placeholder" } end
  m.secondary[#m.secondary + 1] = id
end

-- Each action is Lua source text plus what the model does with it: the generator runs
-- exactly what it would print.
local function random_action(m, n, orientation)
  local kind = math.random(10)
  local id = "s" .. n
  if kind == 1 then
    return string.format('split.tabs:push(S("%s"))', id), function() show_detail(m, id, true) end
  elseif kind == 2 then
    local senders = { "split.tabs", "nil", "split.secondary", "split.tabs.roots[1]", "split.tabs.roots[2]" }
    local k = math.random(#senders)
    local sender = senders[k]
    local from_primary = function()
      return k == 1 or (k == 4 and m.selected == 1) or (k == 5 and m.selected == 2)
    end
    return string.format('split:show_detail(S("%s"), %s)', id, sender), function() show_detail(m, id, from_primary()) end
  elseif kind == 3 then
    return "split.tabs:pop()", function() if #m.primary > 1 then table.remove(m.primary) end end
  elseif kind == 4 then
    return "split.secondary:pop()", function() if #m.secondary > 1 then table.remove(m.secondary) end end
  elseif kind == 5 then
    local k = math.random(3)
    return string.format("split.tabs:select(%d)", k), function()
      if k ~= 3 then m.selected = k; m.primary = { m.roots[k] } end   -- should_select refuses tab 3
    end
  elseif kind == 6 then
    return "split.tabs:pop_to_root()", function() m.primary = { m.primary[1] } end
  elseif kind == 7 then
    local to = orientation == "portrait" and "landscape" or "portrait"
    return string.format('rotate("%s")', to), nil
  elseif kind == 8 then
    local widths = WIDTHS[orientation]
    return string.format("resize{ width = %d }", widths[math.random(#widths)]), nil
  elseif kind == 9 then
    return "wait_idle()", nil
  else
    return string.format("wait(%.2f)", 0.5 * math.random()), nil
  end
end

local SETUP = [[
detent.world{ device = "iPad Pro 11-inch", orientation = "landscape" }
local split = world:split{ tabs = { world:screen{ id = "a" }, world:screen{ id = "b" }, world:screen{ id = "c" } },
                           should_select = function(index) return index ~= 3 end }
local function S(id) return world:screen{ id = id } end]]

local function replay(actions)
  return "-- replay:\nit(\"replays a failing split sequence\", function()\n  "
    .. SETUP:gsub("\n", "\n  ") .. "\n  " .. table.concat(actions, "\n  ") .. "\n  wait_idle()\nend)"
end

local function check(split, m)
  assert.are.same(m.primary, ids(split.primary.stack), "primary stack")
  assert.are.same(m.secondary, ids(split.secondary.stack), "secondary stack")
  local seen = {}
  for column, stack in pairs{ primary = split.primary.stack, secondary = split.secondary.stack } do
    for _, s in ipairs(stack) do
      if seen[s.id] then error("screen " .. s.id .. " is in two places", 0) end
      seen[s.id] = true
      if s.parent ~= column then error("screen " .. s.id .. " has parent " .. tostring(s.parent) .. " in the " .. column .. " stack", 0) end
    end
  end
  assert.are.equal(#split.primary.stack, split.tabs.depth, "tab depth")
  assert.are.equal(split.tabs.depth <= 1 and 1 or 0, split.tabs.bar_alpha, "tab bar alpha")
  if not split.collapsed then assert.are.equal(1, #split.primary.stack, "expanded primary depth") end
end

local function run_sequence()
  local env = setmetatable({}, { __index = _G })
  local split, S = assert(load(SETUP .. "\nreturn split, S", "=(setup)", "t", env))()
  env.split, env.S = split, S
  local m = new_model(split)
  local actions = {}
  local ok, problem = pcall(function()
    for n = 1, math.random(3, 10) do
      local source, effect = random_action(m, n, world.orientation)
      actions[#actions + 1] = source
      -- Collapse and expand: the model follows the size class the world reports.
      local was_compact = world.size_class == "compact"
      if effect then effect() end
      assert(load(source, "=(sequence)", "t", env))()
      local compact = world.size_class == "compact"
      if compact and not was_compact then collapse(m) elseif was_compact and not compact then expand(m) end
      if m.pending and split.state ~= "expanding" then flush_pending(m) end
    end
    wait_idle()
    flush_pending(m)
    check(split, m)
    -- Collapse then expand (or expand then collapse) restores the stacks.
    local primary, secondary = ids(split.primary.stack), ids(split.secondary.stack)
    local o = world.orientation
    if split.collapsed then
      resize{ width = FULL[o] }; wait_idle(); resize{ width = COMPACT[o] }; wait_idle()
    else
      resize{ width = COMPACT[o] }; wait_idle(); resize{ width = FULL[o] }; wait_idle()
    end
    assert.are.same(primary, ids(split.primary.stack), "primary after collapse and expand")
    assert.are.same(secondary, ids(split.secondary.stack), "secondary after collapse and expand")
  end)
  if not ok then
    error(tostring(problem) .. "\n" .. replay(actions), 0)
  end
end

describe("split view invariants under random sequences #invariants", function()
  for block = 1, 10 do
    it("hold for sequence block " .. block, function()
      for _ = 1, 6 do run_sequence() end
    end)
  end
end)
