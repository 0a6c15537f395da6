-- spec_run.lua — the host's side of Detent's busted-style structure (see spec.lua): walking
-- the blocks in busted's order, one step per host job, and running one test with its
-- blocks' hooks.
--
-- The host calls spec.next(mode) in a job (a coroutine, in a world, under the limits, like a
-- test) until it gives nothing: each call walks on from where the last stopped — entering a
-- block runs its body, shuffles it if randomize() asked, runs its strict_setup; leaving one
-- runs its teardowns and puts back what an insulate block saved — and stops at the next
-- test, which it leaves in spec.step for the host, or at a block's or a hook's error. The
-- host then runs the test (spec.run_test) or passes it by (a filter). mode "list" runs no
-- hooks (--list, and the tests reported as not run after --max-failures); teardowns still
-- run for a block whose setup ran.
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

-- The hook running now and its block, for a step or a test a limit stopped.
local running, running_block

-- The reports of the test job running now (spec.run_test): its hooks' errors and, where the
-- test's own result goes among them, { kind = "test" }. Outside a test job a hook's error
-- waits in `queued` for the walk to hand it on as a step of its own.
local reports
local queued = {}

-- The test being run (spec.run_test): { test, blocks, leaving, phase, at (a block), pos (a
-- hook), result, reported }.
local R

-- A hook's error as busted reports it: its own entry, named after its block and the hook,
-- at the hook's line; the tests keep their own results.
local function report(block, hook, failure)
  local message = failure.message
  if failure.where then message = failure.where .. ": " .. tostring(message) end
  local entry = {
    kind = "error", name = hook.name, full_name = full_name(block, hook.name),
    where = hook.where, message = message, traceback = failure.traceback,
  }
  local list = reports or queued
  list[#list + 1] = entry
end

-- Runs the hooks of `block` in `list` from position `from` on, each one whatever the ones
-- before it did (busted's execAll), reporting each that fails. Returns whether one failed.
-- With `tracked`, the position of each hook is kept in R.pos before it runs, so a test's run
-- a limit stopped can go on after that hook.
local function run_hooks(block, list, from, tracked)
  local failed = false
  for n = from or 1, #list do
    local hook = list[n]
    if tracked then R.pos = n end
    S.declaring, S.phase = nil, "hook"
    set_context(block)
    running, running_block = hook, block
    -- A block's own hooks run once for it: detent.world{} there is refused (see host.block_hook).
    local once = list ~= block.before_each and list ~= block.after_each
    if once then host.block_hook(hook.name, block.name) end
    local failure = attempt(hook.fn)
    if once then host.block_hook(nil) end
    running, running_block = nil, nil
    S.phase = nil
    if failure then
      report(block, hook, failure)
      failed = true
    end
  end
  return failed
end

----------------------------------------------------------------------------------------------
-- The walk
----------------------------------------------------------------------------------------------

local stack = { root }   -- the blocks entered, outermost first
local found = {}         -- the tests the walk has reached, by id
local busy               -- the block whose body a step is running

-- An error of a block's body, for the host to report under the block's name.
local function block_error(block, failure)
  return {
    kind = "error", name = block.name, full_name = full_name(block.parent, block.name),
    where = block.where, message = failure.message, traceback = failure.traceback,
  }
end

-- The block's strict setup, unless mode is "list". One that fails is reported, and nothing
-- inside the block runs (busted runs no child of a block whose setup failed); its teardowns
-- still run when the walk leaves it.
local function set_up(block, mode)
  if mode == "list" then return end
  block.set_up = true
  if run_hooks(block, block.strict_setup) then block.skip_items = true end
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

-- What `world` is while a describe body runs.
local function refuse_world() host.fail(host.collecting()) end
local world_stand_in = setmetatable({}, {
  __index = refuse_world, __newindex = refuse_world, __call = refuse_world,
  __tostring = function() return "world (none: a describe body runs in no test)" end,
})

-- Enters a block: saves the globals for an insulate block, runs its body (which declares
-- its items), shuffles them, runs its strict setup. A body that fails is the block's error;
-- nothing inside the block runs then.
local function enter(block, mode)
  stack[#stack + 1] = block
  block.pos = 0
  if block.kind == "insulate" then block.saved = insulation.save() end
  busy = block
  S.declaring, S.phase = block, nil
  set_context(block)
  -- The body runs once, while the tests are collected, in no test's world: while it runs,
  -- `world` refuses every use and so does everything else that needs a running test.
  local world = rawget(_G, "world")
  host.collecting(block.name)
  host.in_describe_body = true
  rawset(_G, "world", world_stand_in)
  local ok, err = xpcall(block.body, function(e)
    if type(e) == "string" then return host.located(e) end
    return located_error(e)
  end)
  host.collecting(nil)
  host.in_describe_body = false
  rawset(_G, "world", world)
  S.declaring = nil
  busy = nil
  if not ok then
    block.broken = true
    return block_error(block, { message = err, traceback = host.traceback(err) })
  end
  shuffle(block)
  set_up(block, mode)
end

-- Leaves the block on top of the stack: its teardowns (unless a test leaving it ran them),
-- each reported on its own when it fails, the globals an insulate block saved put back, and
-- what an expose block set handed on. Each list's flag is cleared before it runs, so after a
-- limit stopped one of its hooks the walk leaves the block again without running it twice.
local function leave(block)
  if not block.left and not block.broken then
    if block.lazy_ran then
      block.lazy_ran, block.lazy_failed = false, nil
      run_hooks(block, block.lazy_teardown)
    end
    if block.set_up then
      block.set_up = false
      run_hooks(block, block.strict_teardown)
    end
  end
  block.skip_items = nil
  stack[#stack] = nil
  set_context(stack[#stack] or root)
  if block.saved then insulation.restore(block.saved) end
  local parent = block.parent
  if block.kind == "expose" and parent and parent.saved then parent.saved = insulation.save() end
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
-- block, leaving one with teardowns to run. A hook's error waiting in `queued` is the next
-- step, before any move.
local function walk(mode)
  spec.step = nil
  S.declaring = nil
  R, reports = nil, nil   -- a test run the host gave up (cancelled) reports nothing more
  while true do
    if queued[1] then
      spec.step = table.remove(queued, 1)
      return true
    end
    local block = stack[#stack]
    if block == nil then return true end
    if not block.ready then   -- the file: its top level ran as the host loaded it
      if not mode then return false end
      block.ready = true
      block.pos = 0
      shuffle(block)
      set_up(block, mode)
    else
      local item = not block.broken and not block.skip_items and block.items[block.pos + 1] or nil
      if not mode and (item == nil and not leaves_quietly(block) or item and item.items) then return false end
      block.pos = block.pos + 1
      local step
      if item == nil then
        leave(block)
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
end

--- One step of the walk (run by the host as a job): leaves spec.step the next test
--- ({kind="test", id=, name=, full_name=, where=, tags=, pending=}), an error of a block's
--- body or of a hook ({kind="error", name=, full_name=, where=, message=, traceback=}), or
--- nil at the end.
function spec.next(mode) walk(mode) end

--- The same step taken without running any code of the file, so the host needs no job for
--- it: a hook's error already reported, the next test of the block the walk is in (most
--- steps), or the end of the file past blocks whose teardowns already ran (a file's last).
--- False where the step would run code of the file; then the host runs spec.next as a job.
function spec.next_test() return walk(nil) end

--- After a step the host had to stop (a limit): a hook stopped is that hook's error
--- (`message`), reported as the next step (a setup's block runs nothing inside it; a
--- teardown is not run again), and the walk goes on; nil then. A block stopped in its body is
--- that block's error, returned, and passed over from then on. Stopped anywhere else, the
--- whole walk is given up, as the file's error.
function spec.stopped(message)
  local hook, hook_block, block = running, running_block, busy
  running, running_block, busy = nil, nil, nil
  host.in_describe_body = false   -- a body stopped by a limit never got to clear it
  S.declaring, S.phase = nil, nil
  if hook then
    report(hook_block, hook, { message = message })
    for _, setup in ipairs(hook_block.strict_setup) do
      if setup == hook then hook_block.skip_items = true end
    end
    return nil
  end
  if block == nil then
    for _, entered in ipairs(stack) do entered.broken = true end
    block = root
  end
  block.broken = true
  return block_error(block, { message = message })
end

--- Whether the file declared anything at its top level.
function spec.declared_anything()
  return #root.items > 0
end

----------------------------------------------------------------------------------------------
-- Running one test
--
-- A test runs as busted's `it` does, in phases: the strict setups of blocks a retry enters
-- again, its blocks' lazy setups, before_each, the body and its finally, after_each, and
-- with `leaving` the teardowns of the blocks it is the last item of. A hook that fails is
-- reported on its own (`reports`); one that fails before the body means the test is not
-- reported at all, as busted reports it. The run's place is kept in `R`, so that after a
-- limit stopped a hook or the body the host can go on with the rest (spec.resume_test) and
-- each runaway is stopped once.
----------------------------------------------------------------------------------------------

local function chain(block)
  local blocks = {}
  while block do
    table.insert(blocks, 1, block)
    block = block.parent
  end
  return blocks
end

-- Runs `list` of `block` from where the run stopped in it, if it did; whether a hook failed.
local function run_list(block, list)
  local failed = R.list_failed or false
  if list[1] ~= nil then failed = run_hooks(block, list, R.pos + 1, true) or failed end
  R.pos, R.list_failed = 0, nil
  return failed
end

local TEST_REPORTED = { kind = "test" }   -- where the test's own result goes among reports

local function mark_reported()
  reports[#reports + 1] = TEST_REPORTED
  R.reported = true
end

-- The phases. Each returns the next phase's name; `R.at` is the block a phase is at, kept
-- across a stop with `R.pos`, the hook it stopped in.
local phases = {}

-- A retry or repeat of a test that left its blocks enters them again: strict setups rerun.
-- One that fails is reported, and the test does not run.
function phases.enter()
  local block = R.blocks[R.at]
  if block == nil then R.at = 1 return "lazy" end
  if block.left or R.pos > 0 then
    block.left, block.set_up = false, true
    if run_list(block, block.strict_setup) then return "done" end
  end
  R.at = R.at + 1
  return "enter"
end

-- The lazy setups of the test's blocks, outer to inner, each block's once (busted's
-- execAllOnce): one that fails is reported once, and no test of its block runs after it.
function phases.lazy()
  local block = R.blocks[R.at]
  if block == nil then R.at = 1 return "before" end
  if block.lazy_failed then return "done" end
  if not block.lazy_ran or R.pos > 0 then
    block.lazy_ran = true
    if run_list(block, block.lazy_setup) then
      block.lazy_failed = true
      return "done"
    end
  end
  R.at = R.at + 1
  return "lazy"
end

-- before_each, outer to inner; after a block whose hook failed, no inner one runs, nor the
-- test, and after_each runs from that block outwards (busted's execAll with its ancestor).
function phases.before()
  local block = R.blocks[R.at]
  if block == nil then
    R.at = #R.blocks
    return "body"
  end
  R.ran_before = R.at
  if run_list(block, block.before_each) then return "after" end
  R.at = R.at + 1
  return "before"
end

function phases.body()
  local test = R.test
  -- The test's globals live in the run, not in the test's own table: a file may declare a
  -- hundred thousand tests, and a field added to each would stay (a table does not shrink).
  R.running = { env = setmetatable({ finally = spec.finally_setter() }, { __index = test.parent.env }) }
  S.finally_fn = nil
  S.phase = "body"
  set_context(R.running)
  R.result = attempt(test.body, true)
  R.cleanup, S.finally_fn = S.finally_fn, nil
  S.phase = nil
  return "finally"
end

function phases.finally()
  local cleanup = R.cleanup
  R.cleanup = nil
  if cleanup then
    S.phase = "finally"
    set_context(R.running)
    R.result = merge(R.result, attempt(cleanup))
    S.phase = nil
  end
  mark_reported()
  R.at = R.ran_before
  return "after"
end

-- after_each, inner to outer from the innermost block whose before_each ran; every one runs.
function phases.after()
  local block = R.blocks[R.at]
  if block == nil or R.at < 1 then
    R.at = nil
    return R.leaving and "close" or "done"
  end
  run_list(block, block.after_each)
  R.at = R.at - 1
  return "after"
end

-- Leaves the blocks (inner to outer) this test is the last item of: lazy_teardown if the
-- block's lazy_setup ran, then strict_teardown if its strict_setup did; every one runs.
function phases.close()
  local block = R.at or R.test.parent
  R.at = block
  local item = R.closing or R.test
  if not (block and block.items[#block.items] == item and not block.left) then return "done" end
  if block.lazy_ran and R.stage == nil then
    R.stage = "lazy"
  end
  if R.stage == "lazy" then
    run_list(block, block.lazy_teardown)
    block.lazy_ran, block.lazy_failed = false, nil
    R.stage = "strict"
  end
  if block.set_up then run_list(block, block.strict_teardown) end
  block.left, block.set_up, block.skip_items = true, false, nil
  R.stage, R.closing, R.at = nil, block, block.parent
  return "close"
end

local function drive()
  while R.phase ~= "done" do
    R.phase = phases[R.phase]()
  end
  set_context(R.test.parent)
  local result = R.result or { status = "passed" }
  result.assertions = evaluated.count - R.counted
  R, reports = nil, nil
  return result
end

--- Runs test `id` (from a step): its blocks' lazy setups, before_each, the body and its
--- finally, after_each; with `leaving`, the teardowns of the blocks it is the last item of
--- (a retry or the next iteration enters them again). Returns the test's record
--- ({ status = passed|failed|error|pending, assertions = N, ... }: N the assertions evaluated
--- while it ran, its hooks' included); spec.reports lists what the run reports,
--- in order: { kind = "error", ... } for a hook's error, { kind = "test" } for the test's
--- own result, missing when a setup or before_each failed (busted reports no test then).
function spec.run_test(id, leaving)
  local test = found[id]
  S.declaring, S.phase = nil, nil
  reports = {}
  spec.reports = reports
  R = { test = test, blocks = chain(test.parent), leaving = leaving, phase = "enter", at = 1, pos = 0,
        counted = evaluated.count }
  if test.pending then
    mark_reported()
    R.result, R.phase = { status = "pending" }, R.leaving and "close" or "done"
    R.at = nil
  end
  return drive()
end

--- After a test job the host had to stop (a limit): "hook" when a hook was stopped (it is
--- reported as that hook's error, with `message`), "test" when the test's own function or its
--- finally was (the host reports the test with the limit's error). Then spec.resume_test goes
--- on with the rest of the run.
function spec.stopped_test(message)
  local hook, block = running, running_block
  running, running_block = nil, nil
  S.declaring, S.phase = nil, nil
  if hook then
    report(block, hook, { message = message })
    R.list_failed = true
    return "hook"
  end
  if R.phase == "body" then
    R.cleanup, S.finally_fn = S.finally_fn, nil
    R.phase = "finally"
    return "test"
  elseif R.phase == "finally" then
    mark_reported()
    R.at, R.phase = R.ran_before, "after"
    return "test"
  end
  -- Stopped in the run's own code between hooks: the rest of the run is given up, and the
  -- error is the test's unless the test has its result already. Then it is an error of its
  -- own, named after the test and placed where the limit stopped a script line, else at the
  -- test's line, worded as the host words a stopped test.
  R.phase = "done"
  if not R.reported then
    mark_reported()
    return "test"
  end
  local at, limit = message:match("^(.-:%d+): (.*)$")
  report(R.test.parent, { name = R.test.name, where = R.test.where },
         { message = "test stopped: " .. (limit or message), where = at or R.test.where })
  return "hook"
end

--- Goes on with a test run a limit stopped (after spec.stopped_test), in a job of its own.
function spec.resume_test()
  return drive()
end