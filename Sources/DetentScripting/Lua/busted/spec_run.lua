-- spec_run.lua — the host's side of Detent's busted-style structure (see spec.lua): walking
-- the blocks in busted's order, one step per host job, and running one test with its
-- blocks' hooks.
--
-- The host calls spec.next(mode) in a job (a coroutine, in a world, under the limits, like a
-- test) until it gives nothing: each call walks on from where the last stopped — entering a
-- block runs its body, shuffles it if randomize() asked, runs its strict_setup; leaving one
-- runs its teardowns and puts back what an insulate block saved — and stops at the next
-- test, which it leaves in spec.step for the host, or at a block's error. The host then runs
-- the test (spec.run_test) or passes it by (a filter). mode "list" runs no hooks (--list,
-- and the tests reported as not run after --max-failures); teardowns still run for a block
-- whose setup ran.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`.

local host = ...
local spec, S = host.spec.module, host.spec.state
local pending_signal, located_error, full_name = host.spec.pending_signal, host.spec.located_error, host.spec.full_name
local set_context = host.spec.set_context
local insulation = host.spec_insulation
local is_failure = host.luassert.is_failure   -- an assertion failure (assert_failure.lua)
local evaluated = host.luassert.evaluated     -- { count = N }: assertions evaluated in the state
local root = S.root

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

-- Runs a list of hooks of `block` (outer blocks' hooks see their own block's globals); the
-- first failure, or nil.
local function run_hooks(block, list, reverse_merge)
  local failure
  S.declaring, S.phase = nil, "hook"
  for _, fn in ipairs(list) do
    set_context(block)
    local result = attempt(fn)
    if reverse_merge then failure = merge(failure, result) else failure = failure or result end
  end
  S.phase = nil
  return failure
end

local function setup_failure(failure)
  local result = {}
  for k, v in pairs(failure) do result[k] = v end
  result.status = "error"
  result.message = "setup failed: " .. tostring(result.message)
  return result
end

-- The block, or one around it, whose setup failed: its tests error, nothing inside it runs.
local function failed_setup(block)
  while block do
    if block.setup_failure then return block.setup_failure end
    block = block.parent
  end
end

----------------------------------------------------------------------------------------------
-- The walk
----------------------------------------------------------------------------------------------

local stack = { root }   -- the blocks entered, outermost first
local found = {}         -- the tests the walk has reached, by id
local busy, busy_with    -- the block whose body or hooks a step is running, and which ("body", "setup", "teardown")

-- An error of a block itself (its body, or a setup or teardown with no test to carry it),
-- for the host to report under the block's name.
local function block_error(block, what, failure)
  return {
    kind = "error", name = block.name .. (what and (" " .. what) or ""),
    full_name = full_name(block.parent, block.name) .. (what and (" " .. what) or ""),
    where = block.where, message = failure.message, traceback = failure.traceback,
  }
end

-- The block's strict setup, unless a block around it failed its own or mode is "list".
local function set_up(block, mode)
  if mode == "list" or failed_setup(block) then return end
  block.set_up = true
  busy, busy_with = block, "setup"
  local failure = run_hooks(block, block.strict_setup)
  busy = nil
  if failure then block.setup_failure = failure end
end

-- Shuffles a block's items as busted does (math.randomseed(seed), then Fisher–Yates with
-- math.random) when randomize() asked, or --shuffle did and the block did not say no.
local function shuffle(block)
  local on = block.randomize
  if on == nil then on = spec.shuffle_all end
  if not on then return end
  math.randomseed(block.randomize_seed or spec.seed or 0)
  local items = block.items
  for n = #items, 2, -1 do
    local k = math.random(n)
    items[n], items[k] = items[k], items[n]
  end
end

-- Enters a block: saves the globals for an insulate block, runs its body (which declares
-- its items), shuffles them, runs its strict setup. A body that fails is the block's error;
-- nothing inside the block runs then.
local function enter(block, mode)
  stack[#stack + 1] = block
  block.pos = 0
  if block.kind == "insulate" then block.saved = insulation.save() end
  busy, busy_with = block, "body"
  S.declaring, S.phase = block, nil
  set_context(block)
  local ok, err = xpcall(block.body, function(e)
    if type(e) == "string" then return host.located(e) end
    return located_error(e)
  end)
  S.declaring = nil
  if not ok then
    busy = nil
    block.broken = true
    return block_error(block, nil, { message = err, traceback = host.traceback(err) })
  end
  busy = nil
  shuffle(block)
  set_up(block, mode)
end

-- Leaves the block on top of the stack: its teardowns (unless a test leaving it ran them),
-- the globals an insulate block saved put back, and what an expose block set handed on.
local function leave(block)
  local failure
  busy, busy_with = block, "teardown"
  if not block.left and not block.broken then
    if block.lazy_ran then failure = run_hooks(block, block.lazy_teardown, true) end
    if block.set_up then failure = merge(failure, run_hooks(block, block.strict_teardown, true)) end
  end
  busy = nil
  stack[#stack] = nil
  set_context(stack[#stack] or root)
  if block.saved then insulation.restore(block.saved) end
  local parent = block.parent
  if block.kind == "expose" and parent and parent.saved then parent.saved = insulation.save() end
  if failure then return block_error(block, "teardown", failure) end
end

local function test_step(test)
  found[#found + 1] = test
  return { kind = "test", id = #found, name = test.name, full_name = full_name(test.parent, test.name),
           where = test.where, tags = spec.tags_of(test), pending = test.pending }
end

-- Whether leaving `block` runs no code of the file: the test that left it ran its
-- teardowns, or it has none to run, and it puts back or hands on no globals.
local function leaves_quietly(block)
  if block.saved or (block.kind == "expose" and block.parent and block.parent.saved) then return false end
  if block.left or block.broken then return true end
  return not (block.lazy_ran and block.lazy_teardown[1] ~= nil) and not (block.set_up and block.strict_teardown[1] ~= nil)
end

-- Walks on to the next step and leaves it in spec.step. In a job (`mode` "run" or "list") it
-- runs what the way needs; without one (`mode` nil) it answers false, having moved no
-- further, where the next move would run code of the file: the file's own setup, entering a
-- block, leaving one with teardowns to run.
local function walk(mode)
  spec.step = nil
  S.declaring = nil
  while true do
    local block = stack[#stack]
    if block == nil then return true end
    if not block.ready then   -- the file: its top level ran as the host loaded it
      if not mode then return false end
      block.ready = true
      block.pos = 0
      shuffle(block)
      set_up(block, mode)
    end
    local item = not block.broken and block.items[block.pos + 1] or nil
    if not mode and (item == nil and not leaves_quietly(block) or item and item.items) then return false end
    block.pos = block.pos + 1
    local step
    if item == nil then
      step = leave(block)
    elseif item.items == nil then   -- a test
      step = test_step(item)
    else
      item.ready = true
      step = enter(item, mode)
    end
    if step then
      spec.step = step
      return true
    end
  end
end

--- One step of the walk (run by the host as a job): leaves spec.step the next test
--- ({kind="test", id=, name=, full_name=, where=, tags=, pending=}), a block's error
--- ({kind="error", name=, full_name=, where=, message=, traceback=}), or nil at the end.
function spec.next(mode) walk(mode) end

--- The same step taken without running any code of the file, so the host needs no job for
--- it: the next test of the block the walk is in (most steps), or the end of the file past
--- blocks whose teardowns already ran (a file's last). False where the step would run code
--- of the file; then the host runs spec.next as a job.
function spec.next_test() return walk(nil) end

--- After a step the host had to stop (a limit): a block stopped in its body is that
--- block's error (`message`), and passed over from then on; one stopped in its setup has
--- that as its setup's failure (its tests error), in a teardown the teardown's error.
--- Stopped anywhere else, the whole walk is given up, as the file's error.
function spec.stopped(message)
  local block, what = busy, busy_with
  busy = nil
  S.declaring, S.phase = nil, nil
  if block == nil then
    for _, entered in ipairs(stack) do entered.broken = true end
    block, what = root, "body"
  end
  if what == "setup" then
    block.setup_failure = { status = "error", message = message }
    return nil
  end
  block.broken = true
  if what == "teardown" then
    block.left = true
    return block_error(block, "teardown", { message = message })
  end
  return block_error(block, nil, { message = message })
end

--- Whether the file declared anything at its top level.
function spec.declared_anything()
  return #root.items > 0
end

----------------------------------------------------------------------------------------------
-- Running one test
----------------------------------------------------------------------------------------------

local function chain(block)
  local blocks = {}
  while block do
    table.insert(blocks, 1, block)
    block = block.parent
  end
  return blocks
end

-- A retry or repeat of a test that left its blocks enters them again: strict setups rerun.
local function enter_again(blocks)
  for _, block in ipairs(blocks) do
    if block.left then
      block.left = false
      set_up(block, "run")
    end
  end
end

-- The lazy setups of the test's blocks, outer to inner, each block's once (busted's
-- execAllOnce); a failure is remembered and errors every later test of the block.
local function lazy_setups(blocks)
  for _, block in ipairs(blocks) do
    if block.lazy_failure then return block.lazy_failure end
    if not block.lazy_ran then
      block.lazy_ran = true
      local failure = run_hooks(block, block.lazy_setup)
      if failure then
        block.lazy_failure = failure
        return failure
      end
    end
  end
end

-- before_each (outer to inner, stopping at the block whose hook failed), the body with its
-- own globals, its finally, after_each (inner to outer, from that block).
local function run_body(test, blocks)
  local result
  local ran_before = 0
  for _, block in ipairs(blocks) do
    result = result or run_hooks(block, block.before_each)
    ran_before = ran_before + 1
    if result then break end
  end
  if not result then
    test.env = setmetatable({ finally = spec.finally_setter() }, { __index = test.parent.env })
    S.finally_fn = nil
    S.phase = "body"
    set_context(test)
    result = attempt(test.body, true)
    local cleanup = S.finally_fn
    S.finally_fn = nil
    if cleanup then
      S.phase = "finally"
      set_context(test)
      result = merge(result, attempt(cleanup))
    end
    S.phase = nil
  end
  for i = ran_before, 1, -1 do
    result = merge(result, run_hooks(blocks[i], blocks[i].after_each, true))
  end
  return result
end

-- Leaves the blocks (inner to outer) this test is the last item of: lazy_teardown if the
-- block's lazy_setup ran, then strict_teardown if its strict_setup did.
local function close(test, result)
  local item, block = test, test.parent
  while block and block.items[#block.items] == item and not block.left do
    if block.lazy_ran then
      result = merge(result, run_hooks(block, block.lazy_teardown, true))
      block.lazy_ran, block.lazy_failure = false, nil
    end
    if block.set_up then result = merge(result, run_hooks(block, block.strict_teardown, true)) end
    block.left, block.set_up, block.setup_failure = true, false, nil
    item, block = block, block.parent
  end
  return result
end

--- Runs test `id` (from a step): its blocks' lazy setups, before_each, the body and its
--- finally, after_each; with `leaving`, the teardowns of the blocks it is the last item of
--- (a retry or the next iteration enters them again).
--- Returns { status = passed|failed|error|pending, assertions = N, ... }: N the assertions
--- evaluated while it ran, its hooks' included.
function spec.run_test(id, leaving)
  local test = found[id]
  local counted = evaluated.count
  local blocks = chain(test.parent)
  S.declaring, S.phase = nil, nil
  enter_again(blocks)
  local result
  local failure = failed_setup(test.parent)
  if failure then
    result = setup_failure(failure)
  elseif test.pending then
    result = { status = "pending" }
  else
    failure = lazy_setups(blocks)
    result = failure and setup_failure(failure) or run_body(test, blocks)
  end
  set_context(test.parent)
  test.env = nil
  if leaving then result = close(test, result) end
  result = result or { status = "passed" }
  result.assertions = evaluated.count - counted
  return result
end
