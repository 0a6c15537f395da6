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
--   * insulate blocks keep their own globals and loaded modules (see "Insulation" below).
-- Each spec file has its own Lua state, so every file is insulated from the others, as busted
-- insulates each file by default.
--
-- Private host hooks arrive in `host` (a table passed by the runtime): traceback, where,
-- located, fail, load_module.
local host = ...

local spec = {}

-- A value `restore` reads as "this global did not exist".
local NONE = {}

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
local tests = {}       -- in declaration order
local ordered          -- in run order (randomize() applied), built by spec.tests()
-- True once tests run: describe, it and the hooks then have nowhere to go (busted rejects
-- them too), and a test that calls them must fail rather than silently add nothing.
local running = false
-- What the running test is doing: "body" while its `it` function runs (finally may be
-- called), "finally" while its finally function runs (pending may not be called).
local phase

local function refuse_while_running(kind)
  if running then
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
local outside_loaded = {}
do
  local load_module = host.load_module
  host.load_module = function(name)
    local chunk, message = load_module(name)
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
    if knows(name) then return outer(name) end
    local found, result = host.require_file(name)
    if not found then
      -- Not a file under scripts/: the enclosing require may still know it (luassert's and
      -- busted's own modules); otherwise the file's absence is the error.
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
    block.collecting = snapshot()
    rawset(_G, "require", insulated_require(block, rawget(_G, "require")))
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
    block.delta = diff(outside)
    block.collecting = nil
    restore(outside)
  elseif kind == "expose" and outer.collecting then
    outer.collecting = snapshot()
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
  tests[#tests + 1] = test
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
  if not (running and name == nil) then check_name("pending", name, 2) end
  if running then
    if phase == "finally" then
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
local finally_fn

function finally(fn)
  if phase ~= "body" then
    error("finally can only be called inside a running test (the function of an it)", 2)
  end
  if type(fn) ~= "function" then error("finally expects a function", 2) end
  finally_fn = fn
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

----------------------------------------------------------------------------------------------
-- The host's side: which tests there are, the plan, running one test
----------------------------------------------------------------------------------------------

-- Fisher–Yates with math.random (the prelude's own, which the host seeds from the run's
-- seed just before asking for the tests).
local function shuffled(items)
  local copy = {}
  for i, item in ipairs(items) do copy[i] = item end
  for n = #copy, 2, -1 do
    local k = math.random(n)
    copy[n], copy[k] = copy[k], copy[n]
  end
  return copy
end

-- `shuffle_all` (--shuffle): every block is shuffled but those that said randomize(false).
-- Blocks stay whole, as in busted: a block's tests run together, in its shuffled place.
local function order_tests(shuffle_all)
  local list = {}
  local function walk(block)
    local shuffle = block.randomize
    if shuffle == nil then shuffle = shuffle_all end
    local items = shuffle and shuffled(block.items) or block.items
    for _, item in ipairs(items) do
      if item.items then walk(item) else list[#list + 1] = item end
    end
  end
  walk(root)
  return list
end

--- The collected tests for the host, in the order they run (randomize() applied; every block
--- shuffled once the host set spec.shuffle_all, for --shuffle):
--- { {name=, full_name=, where=, tags={...}, pending=bool} }.
function spec.tests()
  ordered = ordered or order_tests(spec.shuffle_all)
  local list = {}
  for i, test in ipairs(ordered) do
    list[i] = { name = test.name, full_name = test.full_name, where = test.where,
                tags = test.tags, pending = test.pending }
  end
  return list
end

--- Tells which tests will run, in order (positions in spec.tests()), so that each block is
--- entered before its first test and left after its last.
function spec.plan(order)
  running = true
  ordered = ordered or order_tests(spec.shuffle_all)
  for _, index in ipairs(order) do
    local block = ordered[index].block
    while block do
      block.remaining = block.remaining + 1
      block = block.parent
    end
  end
end

local function chain(block)
  local blocks = {}
  while block do
    table.insert(blocks, 1, block)
    block = block.parent
  end
  return blocks
end

-- An assertion failure as assert.lua raises it: anything else that says detent_failure (a
-- table a script forged, with fields of the wrong types) is an ordinary error value.
local function is_failure(e)
  if type(e) ~= "table" or rawget(e, "detent_failure") ~= true then return false end
  for _, field in ipairs({ "message", "where", "expected", "actual" }) do
    local value = rawget(e, field)
    if value ~= nil and type(value) ~= "string" then return false end
  end
  return type(rawget(e, "message")) == "string"
end

-- Runs a function and turns an error into a result record. Only a test's own function can
-- fail (busted: "Only 'it' blocks can generate test failures"); an assertion that fails in a
-- hook or in finally is an error of the test.
local function attempt(fn, in_body)
  local ok, err = xpcall(fn, function(e)
    if is_failure(e) or (type(e) == "table" and getmetatable(e) == pending_signal) then return e end
    local message
    if type(e) == "string" then
      message = host.located(e)   -- at the line it was raised on, whatever level it claims
    else
      message = located_error(e)
    end
    return { message = message, traceback = host.traceback(message) }
  end)
  if ok then return nil end
  if type(err) == "table" and getmetatable(err) == pending_signal then
    return { status = "pending", message = err.message, where = err.where }
  end
  if is_failure(err) then
    return { status = in_body and "failed" or "error", message = err.message, where = err.where,
             expected = err.expected, actual = err.actual }
  end
  if type(err) == "table" and err.traceback then
    return { status = "error", message = err.message, traceback = err.traceback }
  end
  return { status = "error", message = tostring(err) }
end

-- The test's result so far combined with a later one, as busted's status does: the first
-- failure or error stands; a pending test that then fails is a failure.
local function merge(result, later)
  if later == nil then return result end
  if result == nil or result.status == "pending" then return later end
  return result
end

-- Runs a block's list of hooks once (strict_setup on entering, lazy_setup before the first
-- test that runs); remembers the first failure, which errors every later test of the block.
-- A setup stopped by a limit ends the whole task before it is marked done: the next test of
-- the block finds it unfinished and errors too.
local function run_once(block, field)
  local state = block[field .. "_state"]
  if state == nil then
    block[field .. "_state"] = "running"
    local failure
    for _, fn in ipairs(block[field]) do failure = failure or attempt(fn) end
    block[field .. "_state"] = failure or "done"
    return failure
  elseif state == "running" then
    block[field .. "_state"] = { status = "error", message = "it was stopped by a limit (see the block's first test)" }
    return block[field .. "_state"]
  elseif state ~= "done" then
    return state
  end
end

local function as_setup_failure(failure)
  local result = {}
  for k, v in pairs(failure) do result[k] = v end
  result.status = "error"
  result.message = "setup failed: " .. tostring(result.message)
  return result
end

-- Enters the test's blocks (outer to inner) with their strict setups, then, for a test that
-- runs, their lazy setups. A block whose setup failed is not gone into further.
local function setups(blocks, lazy_too)
  for _, block in ipairs(blocks) do
    block.entered = true
    local failure = run_once(block, "strict_setup")
    if failure then return as_setup_failure(failure) end
  end
  if not lazy_too then return nil end
  for _, block in ipairs(blocks) do
    block.lazy_ran = true
    local failure = run_once(block, "lazy_setup")
    if failure then return as_setup_failure(failure) end
  end
end

-- before_each (outer to inner, stopping at the block whose hook failed), the body, its
-- finally, after_each (inner to outer, from that block).
local function run_body(test, blocks)
  local result
  local ran_before = 0
  for _, block in ipairs(blocks) do
    for _, fn in ipairs(block.before_each) do result = result or attempt(fn) end
    ran_before = ran_before + 1
    if result then break end
  end
  if not result then
    finally_fn = nil
    phase = "body"
    result = attempt(test.body, true)
    phase = nil
    local cleanup = finally_fn
    finally_fn = nil
    if cleanup then
      phase = "finally"
      result = merge(result, attempt(cleanup))
      phase = nil
    end
  end
  for i = ran_before, 1, -1 do
    for _, fn in ipairs(blocks[i].after_each) do result = merge(result, attempt(fn)) end
  end
  return result
end

-- Leaves the blocks (inner to outer) whose last planned test this was: lazy_teardown if the
-- block's lazy_setup ran, then strict_teardown.
local function teardowns(blocks, result)
  for i = #blocks, 1, -1 do
    local block = blocks[i]
    block.remaining = block.remaining - 1
    if block.remaining == 0 and block.entered then
      if block.lazy_ran then
        for _, fn in ipairs(block.lazy_teardown) do result = merge(result, attempt(fn)) end
      end
      for _, fn in ipairs(block.strict_teardown) do result = merge(result, attempt(fn)) end
      -- Left: a block planned again (a --retries attempt of its last test) is entered anew,
      -- its setups running again before it, as busted enters a block.
      block.entered, block.lazy_ran = false, false
      block.strict_setup_state, block.lazy_setup_state = nil, nil
    end
  end
  return result
end

--- Runs test `index` (its position in spec.tests()): its blocks' setups, before_each, the
--- body and its finally, after_each, and the teardowns of blocks it is the last test of,
--- inside the insulation of its insulate blocks.
--- Returns { status = passed|failed|error|pending, ... }.
function spec.run_test(index)
  leave_insulation({})   -- a test stopped by a limit never left its blocks
  local test = ordered[index]
  local blocks = chain(test.block)
  local child_of = {}
  for i = 1, #blocks - 1 do child_of[blocks[i]] = blocks[i + 1] end
  enter_insulation(blocks)
  phase = nil
  local result = setups(blocks, not test.pending)
  if not result then
    if test.pending then
      result = { status = "pending" }
    else
      result = run_body(test, blocks)
    end
  end
  result = teardowns(blocks, result)
  leave_insulation(child_of)
  return result or { status = "passed" }
end

return spec
