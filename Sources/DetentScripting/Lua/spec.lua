-- Detent's busted-style spec structure (SPEC §9).
--
-- Loading a spec file runs its top level, which calls describe/it to build a tree of blocks.
-- The host then asks for the collected tests, decides which run and in what order (filters,
-- tags, shuffle), and runs each one inside its own coroutine with `run_test`, so the test
-- body can wait by yielding to the run loop.
--
-- Private host hooks arrive in `host` (a table passed by the runtime): host.traceback(msg).
local host = ...

local spec = {}

local function new_block(name, parent, line)
  return {
    name = name, parent = parent, line = line,
    children = {}, tests = {},
    setup = {}, teardown = {}, before_each = {}, after_each = {},
    pending_setup = true, remaining = 0,
  }
end

local root = new_block("", nil, 0)
local current = root
local tests = {}
-- True once tests run: describe, it and the hooks then have nowhere to go (busted rejects
-- them too), and a test that calls them must fail rather than silently add nothing.
local running = false

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

local function check_name(kind, name)
  if type(name) ~= "string" then
    error(kind .. " expects a name (string) as its first argument, got " .. type(name), 3)
  end
end

-- An error value as a person can read it: a string as it is; a table's `message` field or
-- its __tostring (called protected); any other table formatted as luassert formats values
-- (never "table: 0x…", which would also differ from run to run); nil, numbers and booleans
-- named. Values that carry no location get the script line where they were raised.
local function describe_error(e)
  if type(e) == "string" then return e end
  local text
  if type(e) == "table" then
    local mt = getmetatable(e)
    if type(e.message) == "string" then
      text = e.message
    elseif type(mt) == "table" and mt.__tostring ~= nil then
      local ok, s = pcall(tostring, e)
      text = ok and type(s) == "string" and s or ("an error object whose __tostring failed: " .. describe_error(s))
    else
      text = "error object " .. assert.format(e)
    end
  elseif e == nil then
    text = "error(nil) raised without a message"
  else
    text = "error(" .. tostring(e) .. ")"
  end
  return text
end

function describe(name, body)
  refuse_while_running("describe")
  check_name("describe", name)
  if type(body) ~= "function" then error("describe '" .. name .. "' expects a function", 2) end
  local block = new_block(name, current, caller_where(2))
  current.children[#current.children + 1] = block
  local outer = current
  current = block
  -- The handler runs where the error was: a value without a location gets that line.
  local ok, err = xpcall(body, function(e)
    if type(e) == "string" then return host.located(e) end
    return host.where() .. describe_error(e)
  end)
  current = outer
  if not ok then error(err, 0) end
end
context = describe

local function add_test(name, body, is_pending)
  local test = {
    index = #tests + 1, name = name, block = current,
    full_name = full_name(current, name), where = caller_where(3),
    body = body, pending = is_pending,
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
end

function it(name, body)
  refuse_while_running("it")
  check_name("it", name)
  if body == nil then return add_test(name, nil, true) end
  if type(body) ~= "function" then error("it '" .. name .. "' expects a function", 2) end
  add_test(name, body, false)
end

-- pending("reason") inside a running test or hook ends that test as pending, as in busted;
-- the signal is a table only this file can make, so no script can forge one.
local pending_signal = {}

function pending(name)
  check_name("pending", name)
  if running then
    error(setmetatable({ message = name, where = caller_where(2) }, pending_signal), 0)
  end
  add_test(name, nil, true)
end

local function hook_adder(field)
  return function(body)
    refuse_while_running(field)
    if type(body) ~= "function" then error(field .. " expects a function", 2) end
    local list = current[field]
    list[#list + 1] = body
  end
end
before_each = hook_adder("before_each")
after_each = hook_adder("after_each")
setup = hook_adder("setup")
teardown = hook_adder("teardown")
lazy_setup, lazy_teardown = setup, teardown
strict_setup, strict_teardown = setup, teardown

--- The collected tests for the host: { {name=, full_name=, where=, tags={...}, pending=bool} }.
function spec.tests()
  local list = {}
  for i, test in ipairs(tests) do
    list[i] = { name = test.name, full_name = test.full_name, where = test.where,
                tags = test.tags, pending = test.pending }
  end
  return list
end

--- Tells which tests will run, in order, so that setup runs before the first and
--- teardown after the last test of each block.
function spec.plan(order)
  running = true
  for _, index in ipairs(order) do
    local block = tests[index].block
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

-- Runs a function and turns an error into a result record.
local function attempt(fn)
  local ok, err = xpcall(fn, function(e)
    if is_failure(e) or (type(e) == "table" and getmetatable(e) == pending_signal) then return e end
    local message
    if type(e) == "string" then
      message = host.located(e)   -- at the line it was raised on, whatever level it claims
    else
      message = host.where() .. describe_error(e)
    end
    return { message = message, traceback = host.traceback(message) }
  end)
  if ok then return nil end
  if type(err) == "table" and getmetatable(err) == pending_signal then
    return { status = "pending", message = err.message, where = err.where }
  end
  if is_failure(err) then
    return { status = "failed", message = err.message, where = err.where,
             expected = err.expected, actual = err.actual }
  end
  if type(err) == "table" and err.traceback then
    return { status = "error", message = err.message, traceback = err.traceback }
  end
  return { status = "error", message = tostring(err) }
end

--- Runs test `index`: pending setups, before_each (outer to inner), the body, after_each
--- (inner to outer) and due teardowns. Returns { status = passed|failed|error|pending, ... }.
function spec.run_test(index)
  local test = tests[index]
  if test.pending then return { status = "pending" } end
  local blocks = chain(test.block)
  local result
  for _, block in ipairs(blocks) do
    if block.pending_setup then
      block.pending_setup = false
      -- A setup stopped by a limit ends the whole task before it is marked done: the next
      -- test of the block finds it unfinished and errors too.
      block.setup_unfinished = true
      for _, fn in ipairs(block.setup) do
        block.setup_failure = block.setup_failure or attempt(fn)
      end
      block.setup_unfinished = nil
    elseif block.setup_unfinished and not block.setup_failure then
      block.setup_failure = { status = "error", message = "it was stopped by a limit (see the block's first test)" }
    end
    -- A setup that failed errors every test of its block, as busted does: none of them
    -- runs in a half-made fixture.
    if block.setup_failure and not result then
      result = {}
      for k, v in pairs(block.setup_failure) do result[k] = v end
      if result.status == "failed" then result.status = "error" end
      result.message = "setup failed: " .. tostring(result.message)
    end
  end
  local ran_before = 0
  if not result then
    for _, block in ipairs(blocks) do
      for _, fn in ipairs(block.before_each) do
        result = result or attempt(fn)
      end
      ran_before = ran_before + 1
      if result then break end
    end
  end
  if not result then result = attempt(test.body) end
  for i = ran_before, 1, -1 do
    for _, fn in ipairs(blocks[i].after_each) do
      local after = attempt(fn)
      result = result or after
    end
  end
  for i = #blocks, 1, -1 do
    local block = blocks[i]
    block.remaining = block.remaining - 1
    if block.remaining == 0 then
      for _, fn in ipairs(block.teardown) do
        local after = attempt(fn)
        result = result or after
      end
    end
  end
  return result or { status = "passed" }
end

return spec
