-- Detent's busted-style spec structure (SPEC §9), as busted 2.x behaves.
--
-- Loading a spec file runs its top level, which declares blocks and tests. Then the blocks
-- run as busted runs them (spec_run.lua walks the tree, one step per host job): a describe's
-- body runs when the walk reaches it — after its parent's setup and the tests before it —
-- then its strict_setup, then its items in order (randomize() shuffles them first), then its
-- teardowns. So a describe body can use what an outer setup made, and a spec that prints
-- from every place prints in busted's order.
--
-- Globals are busted's too: the spec file's chunk reads and writes them through `file_env`
-- (the host makes it the chunk's _ENV). A global set in a describe body or a hook belongs to
-- that block, one set in a test to that test; reads look in the running test, then its
-- blocks outwards, then _G. So nothing a test sets is seen by its siblings, and nothing a
-- block sets by the blocks after it. Assigning through `_G` reaches the real globals, which
-- insulate blocks save and put back (spec_insulation.lua). Expose blocks write two blocks up.
--
-- This file declares: describe, it, pending, the hooks and randomize record what the file
-- and its blocks' bodies declare. spec_run.lua, later in ../prelude.txt, adds the walk and running a test.
--
-- Private host hooks arrive in `host` (a table passed by the runtime); this file uses
-- where, located and format.
local host = ...

local spec = {}

local G = _G

local function new_block(kind, name, parent, where, body)
  return {
    kind = kind, name = name, parent = parent, where = where, body = body,
    items = {},   -- tests and blocks in declaration order (randomize() shuffles them)
    -- The globals the block's body and hooks set; what it lacks, its parent's have.
    env = setmetatable({}, { __index = parent and parent.env or G }),
    strict_setup = {}, strict_teardown = {}, lazy_setup = {}, lazy_teardown = {},
    before_each = {}, after_each = {},
  }
end

local root = new_block("file", "", nil, "", nil)
-- What this file and spec_run.lua share.
local S = {
  root = root,
  -- The block that describe, it and the hooks add to: the file while its top level runs, a
  -- block while its body runs, nil otherwise (in tests and hooks they are refused, as busted
  -- refuses them).
  declaring = root,
  -- What is running: "body" (a test's function: finally and pending may be called),
  -- "finally" (its finally function), "hook", or nil.
  phase = nil,
  -- The function finally(fn) gave the running test.
  finally_fn = nil,
}

----------------------------------------------------------------------------------------------
-- The spec file's globals
--
-- `file_env` stays empty: its __index is the running element's globals table (a test's, or a
-- block's), each of which falls back to its parent's and the file's to _G, so a read is a
-- chain of table lookups Lua does itself; its __newindex is the table a write goes to. Both
-- change with the running element (set_context).
----------------------------------------------------------------------------------------------

local file_env_mt = {}
spec.file_env = setmetatable({}, file_env_mt)

--- Makes `element` (a block, or a test whose env is set) the one the spec file's globals are
--- read from and written to. An expose block (and its hooks) writes two blocks up, or to _G.
local function set_context(element)
  file_env_mt.__index = element.env
  local target = element
  while target and target.kind == "expose" do
    target = target.parent and target.parent.parent
  end
  file_env_mt.__newindex = target and target.env or G
end
set_context(root)

----------------------------------------------------------------------------------------------
-- Names and places
----------------------------------------------------------------------------------------------

local function refuse(kind)
  if S.declaring == nil then error("'" .. kind .. "' not supported inside current context block", 3) end
end

-- "chunk:line" of a caller, without the debug library: `level` 1 is the function that
-- calls caller_where, 2 its caller, and so on (error's own level counts pcall as 1).
local function caller_where(level)
  local _, message = pcall(error, "", level + 2)
  return (string.gsub(message, ":%s*$", ""))
end

local NO_TAGS = {}   -- shared by the tests without tags (a file may declare thousands)

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

local callable = host.luassert.is_callable

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
  if not own and string.match(text, "^[^\n]-:%d+: .*") then return text end
  return host.where() .. text
end

----------------------------------------------------------------------------------------------
-- Declaring blocks, tests and hooks
----------------------------------------------------------------------------------------------

-- describe(name, fn), or describe "name" (fn) as busted also accepts: a name alone (one
-- argument; an explicit nil is still an error) gives back a function that takes the body.
-- The body runs when the walk reaches the block (spec_run.lua).
local function block_declarer(kind, alias)
  local function add(name, body, where)
    if not callable(body) then error(alias .. " '" .. name .. "' expects a function", 3) end
    local parent = S.declaring
    parent.items[#parent.items + 1] = new_block(kind, name, parent, where, body)
  end
  return function(...)
    refuse(alias)
    local name, body = ...
    check_name(alias, name, 2)
    local where = caller_where(2)
    if select("#", ...) == 1 then
      return function(fn)
        refuse(alias)
        add(name, fn, where)
      end
    end
    add(name, body, where)
  end
end

describe = block_declarer("describe", "describe")
context = block_declarer("describe", "context")
insulate = block_declarer("insulate", "insulate")
expose = block_declarer("expose", "expose")

-- A test is kept small (a file may declare 100,000): its full name and tags are worked
-- out when the walk reaches it (spec_run.lua), its globals given as it runs. A test with a
-- body has four fields, a hash part of four slots (a fifth would make it eight, 96 bytes
-- more), until it runs; `pending` is set only on a pending test.
local function add_test(name, body, where)
  local block = S.declaring
  local test = { name = name, parent = block, where = where, body = body }
  if body == nil then test.pending = true end
  block.items[#block.items + 1] = test
  return test
end

--- A test's tags: the #words of its blocks' names and its own.
function spec.tags_of(test)
  local tags = nil
  local function add(text)
    for tag in string.gmatch(text, "#([%w_%-]+)") do
      tags = tags or {}
      tags[#tags + 1] = tag
    end
  end
  local names = {}
  local outer = test.parent
  while outer do
    table.insert(names, 1, outer.name)
    outer = outer.parent
  end
  for _, text in ipairs(names) do add(text) end
  add(test.name)
  return tags or NO_TAGS
end

-- it(name, fn); it "name" (fn); it(name) alone is a pending test (busted 2 would drop it
-- silently, and a test that vanishes without a word is worse than one marked to do).
local function test_declarer(kind)
  return function(name, body)
    refuse(kind)
    check_name(kind, name, 2)
    local where = caller_where(2)
    if body == nil then
      local test = add_test(name, nil, where)
      return function(fn)
        refuse(kind)
        if not callable(fn) then error(kind .. " '" .. name .. "' expects a function", 2) end
        if test.body ~= nil then error(kind .. " '" .. name .. "' already has its function", 2) end
        test.body, test.pending = fn, nil
      end
    end
    if not callable(body) then error(kind .. " '" .. name .. "' expects a function", 2) end
    add_test(name, body, where)
  end
end

it = test_declarer("it")
_ENV.spec = test_declarer("spec")   -- `spec` alone is this file's module table
test = test_declarer("test")

-- pending("reason") inside a running test ends it as pending, as in busted; the signal is a
-- table only this file can make, so no script can forge one. In a block it declares a
-- pending test; in a hook or a finally function busted refuses it.
local pending_signal = {}

function pending(name, _)
  if S.phase == "body" then
    if name ~= nil then check_name("pending", name, 2) end
    error(setmetatable({ message = name, where = caller_where(2) }, pending_signal), 0)
  end
  refuse("pending")
  check_name("pending", name, 2)
  add_test(name, nil, caller_where(2))
  return function() end   -- pending "name" (fn): the function is never run
end

-- finally(fn): fn runs after the test's body, even when the body failed, and before
-- after_each. As in busted it exists only inside a running test (each test's globals hold
-- it), and a second call replaces the function.
function spec.finally_setter()
  return function(fn)
    if S.phase ~= "body" then error("'finally' not supported inside current context block", 2) end
    if not callable(fn) then error("finally expects a function", 2) end
    S.finally_fn = fn
  end
end

-- A hook is kept as { fn =, name =, where = }: busted reports a hook's error under the
-- block's full name and the hook's (the word the file called it by, or the name it gave),
-- at the line that declared it.
local function hook_adder(kind, field)
  -- hook(fn), or hook("name", fn) as busted's executors also accept.
  return function(a, b)
    refuse(kind)
    local fn, name = a, kind
    if type(a) == "string" and b ~= nil then fn, name = b, a end
    if not callable(fn) then error(kind .. " expects a function", 2) end
    local list = S.declaring[field]
    list[#list + 1] = { fn = fn, name = name, where = caller_where(2) }
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
-- blocks in a shuffled order, as busted shuffles them: seeded with randomize's number
-- (randomize(3210), randomize(true, 3210)) or else the run's seed, so the same --seed gives
-- the same order. randomize(false) or randomize(nil) takes it back, and under
-- `detent run --shuffle` (every block shuffled, as busted's --shuffle) keeps the block's order.
function randomize(...)
  refuse("randomize")
  local block = S.declaring
  local on = select("#", ...) == 0 or (...)
  block.randomize = on and true or false
  if on then
    local first, second = ...
    block.randomize_seed = math.tointeger(tonumber(first)) or math.tointeger(tonumber(second))
  end
end

-- What spec_run.lua builds on, kept on the host table.
host.spec = {
  module = spec,                     -- this module: spec_run.lua adds the walk and run_test
  state = S,
  full_name = full_name,
  set_context = set_context,         -- set_context(element): whose globals the spec file sees
  pending_signal = pending_signal,   -- the metatable of pending()'s signal
  located_error = located_error,     -- an error value as busted prints it, with its line
}

return spec
