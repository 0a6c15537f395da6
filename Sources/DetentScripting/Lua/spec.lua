-- Detent's busted-style spec structure (SPEC §9), as busted 2.x behaves.
--
-- Loading a spec file runs its top level, which calls describe/it to build a tree of blocks.
-- The host then asks for the collected tests, decides which run and in what order (filters,
-- tags, shuffle), and runs each one inside its own coroutine with `run_test`, so hooks and
-- the test body can wait by yielding to the run loop.
--
-- Busted runs a describe's body just before its tests; Detent collects the whole tree first,
-- then runs tests. So what busted does "when a block is entered" happens here before the
-- first test of the block that runs, and "when the block ends" after its last one:
--   * strict_setup (= setup) runs on entering a block, even when its tests are all pending;
--     lazy_setup runs before the first test of the block that actually runs its body;
--   * lazy_teardown runs on leaving a block only if its lazy_setup ran; strict_teardown
--     (= teardown) always runs on leaving a block that was entered;
--   * insulate blocks keep their own globals and loaded modules (spec_insulation.lua).
-- Each spec file starts from a pristine state (a new one, or its worker's put back as it was
-- built), so every file is insulated from the others, as busted insulates each file by default.
--
-- This file declares: describe, it and the hooks collect the tree. spec_run.lua, loaded next,
-- adds the host's side (the collected tests, the plan, running one test) to the module.
--
-- Private host hooks arrive in `host` (a table passed by the runtime); this file uses
-- where, located and format (spec_run.lua traceback, spec_insulation.lua load_module).
local host = ...

local spec = {}

local insulation = host.spec_insulation   -- spec_insulation.lua

local function new_block(kind, name, parent, line)
  return {
    kind = kind, name = name, parent = parent, line = line,
    items = {},   -- tests and blocks in declaration order (randomize() shuffles them)
    strict_setup = {}, strict_teardown = {}, lazy_setup = {}, lazy_teardown = {},
    before_each = {}, after_each = {},
    remaining = 0,
  }
end

local root = new_block("file", "", nil, 0)
local current = root
-- What this file and spec_run.lua share while tests run.
local S = {
  root = root,
  -- True once tests run: describe, it and the hooks then have nowhere to go (busted rejects
  -- them too), and a test that calls them must fail rather than silently add nothing.
  running = false,
  -- What the running test is doing: "body" while its `it` function runs (finally may be
  -- called), "finally" while its finally function runs (pending may not be called).
  phase = nil,
  -- The function finally(fn) gave the running test.
  finally_fn = nil,
}

local function refuse_while_running(kind)
  if S.running then
    error(kind .. " was called inside a running test or hook; describe, it and the hooks "
      .. "belong at the top level of a spec file or inside a describe block", 3)
  end
end

-- "chunk:line" of a caller, without the debug library: `level` 1 is the function that
-- calls caller_where, 2 its caller, and so on (error's own level counts pcall as 1).
local function caller_where(level)
  local _, message = pcall(error, "", level + 2)
  return (message:gsub(":%s*$", ""))
end

local function tags_of(name)
  local tags = {}
  for tag in name:gmatch("#([%w_%-]+)") do tags[#tags + 1] = tag end
  return tags
end

local function full_name(block, name)
  local parts = { name }
  while block and block.parent do
    table.insert(parts, 1, block.name)
    block = block.parent
  end
  return table.concat(parts, " ")
end

local function check_name(kind, name, level)
  if type(name) ~= "string" then
    error(kind .. " expects a name (string) as its first argument, got " .. type(name), level + 1)
  end
end

-- An error value as busted prints it (busted.rewriteMessage): a value with __tostring as
-- that text (called protected), nil as "Nil error", anything else through penlight's
-- pretty.write ("{\n  code = 7\n}"), never with an address.
local function describe_error(e)
  if type(e) == "string" then return e end
  local mt = getmetatable(e)
  if type(mt) == "table" and mt.__tostring ~= nil then
    local ok, s = pcall(tostring, e)
    if ok and type(s) == "string" then return s end
    return "an error object whose __tostring failed: " .. describe_error(s), true
  end
  if e == nil then return "Nil error" end
  return host.format.pretty_write(e)
end

-- busted prefixes the line an error was raised on unless the text starts with one.
local function located_error(e)
  local text, own = describe_error(e)
  if not own and text:match("^[^\n]-:%d+: .*") then return text end
  return host.where() .. text
end

----------------------------------------------------------------------------------------------
-- Declaring blocks, tests and hooks
----------------------------------------------------------------------------------------------

-- Runs a block's body now, collecting what it declares. Insulate blocks record their body's
-- changes and undo them; an expose block inside an insulate block hands its changes on.
local function declare_block(kind, name, body, where)
  if type(body) ~= "function" then error(kind .. " '" .. name .. "' expects a function", 3) end
  local block = new_block(kind, name, current, where)
  current.items[#current.items + 1] = block
  local outer = current
  current = block
  if kind == "insulate" then
    block.collecting = insulation.snapshot()
    rawset(_G, "require", insulation.insulated_require(block, rawget(_G, "require")))
  end
  -- The handler runs where the error was: a value without a location gets that line.
  local ok, err = xpcall(body, function(e)
    if type(e) == "string" then return host.located(e) end
    return located_error(e)
  end)
  current = outer
  if kind == "insulate" then
    -- Undone back to the globals before the body, or to those an expose block handed on.
    local outside = block.collecting
    block.delta = insulation.diff(outside)
    block.collecting = nil
    insulation.restore(outside)
  elseif kind == "expose" and outer.collecting then
    outer.collecting = insulation.snapshot()
  end
  if not ok then error(err, 0) end
end

-- describe(name, fn), or describe "name" (fn) as busted also accepts: a name alone (one
-- argument; an explicit nil is still an error) gives back a function that takes the body.
local function block_declarer(kind)
  return function(...)
    local name, body = ...
    refuse_while_running(kind)
    check_name(kind, name, 2)
    local where = caller_where(2)
    if select("#", ...) == 1 then
      return function(fn)
        refuse_while_running(kind)
        declare_block(kind, name, fn, where)
      end
    end
    declare_block(kind, name, body, where)
  end
end

describe = block_declarer("describe")
context = block_declarer("describe")
insulate = block_declarer("insulate")
expose = block_declarer("expose")

local function add_test(name, body, where)
  local test = {
    name = name, block = current, full_name = full_name(current, name), where = where,
    body = body, pending = body == nil,
  }
  local tags = {}
  local block = current
  while block do
    for _, tag in ipairs(tags_of(block.name)) do tags[#tags + 1] = tag end
    block = block.parent
  end
  for _, tag in ipairs(tags_of(name)) do tags[#tags + 1] = tag end
  test.tags = tags
  current.items[#current.items + 1] = test
  return test
end

-- it(name, fn); it "name" (fn); it(name) alone is a pending test (busted 2 would drop it
-- silently, and a test that vanishes without a word is worse than one marked to do).
local function test_declarer(kind)
  return function(name, body)
    refuse_while_running(kind)
    check_name(kind, name, 2)
    local where = caller_where(2)
    if body == nil then
      local test = add_test(name, nil, where)
      return function(fn)
        refuse_while_running(kind)
        if type(fn) ~= "function" then error(kind .. " '" .. name .. "' expects a function", 2) end
        if test.body ~= nil then error(kind .. " '" .. name .. "' already has its function", 2) end
        test.body, test.pending = fn, false
      end
    end
    if type(body) ~= "function" then error(kind .. " '" .. name .. "' expects a function", 2) end
    add_test(name, body, where)
  end
end

it = test_declarer("it")
_ENV.spec = test_declarer("spec")   -- `spec` alone is this file's module table
test = test_declarer("test")

-- pending("reason") inside a running test or hook ends that test as pending, as in busted;
-- the signal is a table only this file can make, so no script can forge one.
local pending_signal = {}

function pending(name, _)
  -- In a running test the reason is optional (busted: pending() with no message).
  if not (S.running and name == nil) then check_name("pending", name, 2) end
  if S.running then
    if S.phase == "finally" then
      error("pending was called inside finally; a test's finally cleans up after it and cannot make it pending", 2)
    end
    error(setmetatable({ message = name, where = caller_where(2) }, pending_signal), 0)
  end
  add_test(name, nil, caller_where(2))
  return function() end   -- pending "name" (fn): the function is never run
end

-- finally(fn) inside a running test: fn runs after the test's body, even when the body
-- failed, and before after_each. As in busted, a test has one finally: calling it again
-- replaces the function.
function finally(fn)
  if S.phase ~= "body" then
    error("finally can only be called inside a running test (the function of an it)", 2)
  end
  if type(fn) ~= "function" then error("finally expects a function", 2) end
  S.finally_fn = fn
end

local function hook_adder(kind, field)
  -- hook(fn), or hook("name", fn) as busted's executors also accept.
  return function(a, b)
    refuse_while_running(kind)
    local fn = a
    if type(a) == "string" and b ~= nil then fn = b end
    if type(fn) ~= "function" then error(kind .. " expects a function", 2) end
    local list = current[field]
    list[#list + 1] = fn
  end
end
before_each = hook_adder("before_each", "before_each")
after_each = hook_adder("after_each", "after_each")
strict_setup = hook_adder("strict_setup", "strict_setup")
strict_teardown = hook_adder("strict_teardown", "strict_teardown")
lazy_setup = hook_adder("lazy_setup", "lazy_setup")
lazy_teardown = hook_adder("lazy_teardown", "lazy_teardown")
-- busted 2: setup and teardown are strict (busted --lazy swaps them; Detent has no --lazy).
setup = hook_adder("setup", "strict_setup")
teardown = hook_adder("teardown", "strict_teardown")

-- randomize() in a describe block (or at a file's top level) runs that block's tests and
-- blocks in a shuffled order; randomize(false) takes it back, and under `detent run
-- --shuffle` (which shuffles every block, as busted's --shuffle) keeps that block's own
-- order. The order comes from the run's seed (see spec.tests), so the same --seed gives the
-- same order.
function randomize(on)
  refuse_while_running("randomize")
  current.randomize = on ~= false
end

-- What spec_run.lua builds on, kept on the host table.
host.spec = {
  module = spec,                     -- this module: spec_run.lua adds tests, plan and run_test
  state = S,
  pending_signal = pending_signal,   -- the metatable of pending()'s signal
  located_error = located_error,     -- an error value as busted prints it, with its line
}

return spec
