-- spec_run.lua — the host's side of Detent's busted-style structure (see spec.lua): which
-- tests there are and in what order, the plan, and running one test with its blocks' hooks.
--
-- Loaded after spec.lua with the host table as `...`; adds tests(), plan() and run_test()
-- to the spec module (host.spec.module), which the host calls.

local host = ...
local spec, S = host.spec.module, host.spec.state
local pending_signal, located_error = host.spec.pending_signal, host.spec.located_error
local insulation = host.spec_insulation
local is_failure = host.luassert.is_failure   -- an assertion failure (assert_failure.lua)
local ordered          -- in run order (randomize() applied), built by spec.tests()

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
  walk(S.root)
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
  S.running = true
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
    S.finally_fn = nil
    S.phase = "body"
    result = attempt(test.body, true)
    S.phase = nil
    local cleanup = S.finally_fn
    S.finally_fn = nil
    if cleanup then
      S.phase = "finally"
      result = merge(result, attempt(cleanup))
      S.phase = nil
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
  insulation.leave({})   -- a test stopped by a limit never left its blocks
  local test = ordered[index]
  local blocks = chain(test.block)
  local child_of = {}
  for i = 1, #blocks - 1 do child_of[blocks[i]] = blocks[i + 1] end
  insulation.enter(blocks)
  S.phase = nil
  local result = setups(blocks, not test.pending)
  if not result then
    if test.pending then
      result = { status = "pending" }
    else
      result = run_body(test, blocks)
    end
  end
  result = teardowns(blocks, result)
  insulation.leave(child_of)
  return result or { status = "passed" }
end
