---@meta
-- Detent's luassert (assertions, modifiers, spies, stubs, mocks, matchers) and its series
-- checks, for lua-language-server. `require("luassert")`, `"luassert.spy"`, `"luassert.match"`
-- and the like give these same tables. Tests/DetentRuntimeTests/TypeDefinitionTests.swift fails
-- when these drift from the prelude.

--------------------------------------------------------------------------------------------
-- Assertion chains

--- Words of an assertion chain, in any order and in underscore form: modifiers (is, are,
--- was, has, does, a, an, the, not, no) and one assertion, e.g. `assert.are_not.equal(a, b)`,
--- `assert.has_no.errors(fn)`. Every assertion takes an optional last argument, a message
--- that heads the failure text.
---@class luassert.chain
---@field is luassert.chain
---@field are luassert.chain
---@field was luassert.chain
---@field has luassert.chain
---@field does luassert.chain
---@field a luassert.chain
---@field an luassert.chain
---@field the luassert.chain
---@field Not luassert.chain
---@field no luassert.chain
---@field is_not luassert.chain
---@field are_not luassert.chain
---@field was_not luassert.chain
---@field has_no luassert.chain
---@field does_not luassert.chain
---@field message fun(message: string): luassert.chain A message given up front: assert.message("why").equal(a, b).
---@field array fun(list: table): luassert.chain The table `holes` looks at: assert.array(t).has.no.holes().
---@field spy fun(spy: luassert.Spy): luassert.chain Assertions on a spy: assert.spy(s).was.called(2).
---@field stub fun(stub: luassert.Stub): luassert.chain Assertions on a stub.
---@field equal fun(expected: any, actual: any, message?: string) Equal by ==.
---@field equals fun(expected: any, actual: any, message?: string) Equal by ==.
---@field same fun(expected: any, actual: any, message?: string) Deep comparison (cycle safe).
---@field near fun(expected: number, actual: number, tolerance: number, message?: string) |expected − actual| ≤ tolerance.
---@field matches fun(pattern: string, actual: string, init?: integer, plain?: boolean, message?: string) A Lua pattern.
---@field match fun(pattern: string, actual: string, init?: integer, plain?: boolean, message?: string) A Lua pattern.
---@field truthy fun(value: any, message?: string) Neither nil nor false.
---@field falsy fun(value: any, message?: string) nil or false.
---@field is_true fun(value: any, message?: string) Exactly true.
---@field is_false fun(value: any, message?: string) Exactly false.
---@field is_nil fun(value: any, message?: string)
---@field is_not_nil fun(value: any, message?: string)
---@field is_number fun(value: any, message?: string)
---@field is_string fun(value: any, message?: string)
---@field is_table fun(value: any, message?: string)
---@field is_function fun(value: any, message?: string)
---@field is_boolean fun(value: any, message?: string)
---@field is_userdata fun(value: any, message?: string)
---@field is_thread fun(value: any, message?: string)
---@field error fun(fn: function, expected?: any, message?: string) `fn` raises (the error equal to `expected` if given).
---@field errors fun(fn: function, expected?: any, message?: string) `fn` raises (the error equal to `expected` if given).
---@field has_error fun(fn: function, expected?: any, message?: string) `fn` raises (the error equal to `expected` if given).
---@field error_matches fun(fn: function, pattern: string, init?: integer, plain?: boolean, message?: string) `fn` raises an error matching `pattern`.
---@field error_match fun(fn: function, pattern: string, init?: integer, plain?: boolean, message?: string)
---@field matches_error fun(fn: function, pattern: string, init?: integer, plain?: boolean, message?: string)
---@field match_error fun(fn: function, pattern: string, init?: integer, plain?: boolean, message?: string)
---@field unique fun(list: table, deep?: boolean, message?: string) No two elements equal (deeply with `deep`).
---@field returned_arguments fun(n: integer, ...: any) Exactly `n` values follow `n` (luassert's own assertion).
---@field holes fun(length?: integer): integer? After `array(t)`: one of t[1..length] is nil (length: t's largest integer key); returns the first.
---@field called fun(times?: integer) The spy was called `times` times (without: at least once).
---@field called_at_least fun(times: integer)
---@field called_at_most fun(times: integer)
---@field called_more_than fun(times: integer)
---@field called_less_than fun(times: integer)
---@field called_with fun(...: any) Some call's arguments match (values, or matchers such as match._).
---@field returned_with fun(...: any) Some call's return values match.

--------------------------------------------------------------------------------------------
-- assert

--- luassert's `assert`: callable as Lua's (`assert(v, message)` returns its arguments), and
--- indexable into assertion chains. A failure shows expected and actual, the spec's line, and
--- the virtual time and frame.
---@class luassert : luassert.chain
---@field messages table<string, string> Message templates by key ("assertion.equals.positive", …), %s per argument.
---@overload fun(value: any, message?: any, level?: integer, ...: any): ...
assert = {}

--- A checker of a traced series (`tr["drawer.origin"]`, or {times =, values =, frames? =}).
---@param series detent.TraceSeries|{name?: string, times: number[], values: number[], frames?: integer[]}
---@return detent.Series
function assert.series(series) end

--- Registers an assertion, modifier or matcher: `callback(state, arguments, level)`.
---@param namespace "assertion"|"modifier"|"matcher"
---@param name string
---@param callback fun(state: table, arguments: table, level: integer): any
---@param positive_message? string
---@param negative_message? string
function assert:register(namespace, name, callback, positive_message, negative_message) end

--- Removes a registered assertion, modifier or matcher.
---@param namespace "assertion"|"modifier"|"matcher"
---@param name string
function assert:unregister(namespace, name) end

--- Raises a failure with `message` (level 1 blames the line calling fail).
---@param message any
---@param level? integer
---@param fields? {expected?: string, actual?: string, user_message?: string}
function assert.fail(message, level, fields) end

--- "chunk:line" `level` frames up (1: the line calling where).
---@param level? integer
---@return string
function assert.where(level) end

--- A value as luassert prints it ("(number) 1", tables as literals, never addresses).
---@param value any
---@param arguments? table
---@return string
function assert.format(value, arguments) end

--- A value as a Lua literal (sorted keys, cycles marked).
---@param value any
---@return string
function assert.inspect(value) end

--- Deep comparison as `same` does it.
---@param a any
---@param b any
---@return boolean
function assert.deep_same(a, b) end

--- Adds a formatter: fn(value) returns text, or nil to leave the value to the next.
---@param fn fun(value: any): string?
function assert:add_formatter(fn) end

---@param fn fun(value: any): string?
function assert:remove_formatter(fn) end

--- Sets a parameter ("TableFormatLevel", "TableFormatShowRecursion", …) until the test ends.
---@param name string
---@param value any
function assert:set_parameter(name, value) end

---@param name string
---@return any
function assert:get_parameter(name) end

--- Saves formatters, parameters and spies; `revert()` on the result puts them back.
---@return {revert: fun()}
function assert:snapshot() end

--- Tracks a spy so that it is reverted with the snapshot.
---@param spy luassert.Spy
function assert:add_spy(spy) end

--- A level for `assert(v, message, level)`: blame `level` frames up.
---@param level integer
---@return table
function assert:level(level) end

--- The level of a value made by `assert:level`, or nil.
---@param value any
---@return integer?
function assert:get_level(value) end

--- Sets a message template (`say`'s set).
---@param key string
---@param text string
function assert:set_message(key, text) end

--------------------------------------------------------------------------------------------
-- Series checks (SPEC §9)

--- The checker `assert.series(s)` returns; checks chain and fail at the spec's line.
---@class detent.Series
local series_class = {}

--- Never moves against `direction` ("increasing" or "decreasing"); without one, the first change decides.
---@param direction? "increasing"|"decreasing"
---@return detent.Series self
function series_class:monotonic(direction) end

--- No change between consecutive samples exceeds `limit` points.
---@param limit number points
---@return detent.Series self
function series_class:max_step(limit) end

--- From the first sample's time plus `seconds` on, every value is within `tolerance` (default
--- 0.5 pt) of the final value.
---@param seconds number
---@param tolerance? number points
---@return detent.Series self
function series_class:settles_within(seconds, tolerance) end

--- Travelling towards the final value, no sample goes beyond it by more than `limit` points.
---@param limit number points
---@return detent.Series self
function series_class:overshoot_at_most(limit) end

--- Number of samples (also `#checker`).
---@return integer
function series_class:len() end

--- Copies of the sample values.
---@return number[]
function series_class:values() end

--- Copies of the sample times, seconds.
---@return number[]
function series_class:times() end

--- Copies of the sample frames, or nil.
---@return integer[]?
function series_class:frames() end

--- The value at `time` (or just before it), its frame and time; nil before the first sample.
---@param time number seconds
---@return number?, integer?, number?
function series_class:at(time) end

--- The last value.
---@return number
function series_class:final() end

--- A checker over the samples at or after `time` (seconds).
---@param time number
---@return detent.Series
function series_class:from(time) end

--------------------------------------------------------------------------------------------
-- Spies, stubs, mocks

--- A spy: callable, records calls and return values.
---@class luassert.Spy
---@field calls {vals: any[], refs: any[]}[] Each call's arguments.
---@field returnvals {vals: any[]}[] Each call's return values.
---@field callback function The function the spy calls.
---@field target_table table|userdata? Where spy.on put it.
---@field target_key string? The key spy.on replaced.
---@overload fun(...: any): ...
local spy_object = {}

--- Puts the original back where spy.on found it; returns it.
---@return function?
function spy_object:revert() end

--- Forgets the calls and returns recorded so far.
---@return luassert.Spy self
function spy_object:clear() end

--- Whether the call count satisfies compare(count, times) (default equal; without times: at
--- least once), and the count.
---@param times? integer
---@param compare? fun(count: integer, times: integer): boolean
---@return boolean, integer
function spy_object:called(times, compare) end

--- Whether a call matched the argument list, and that call's values.
---@param arguments table
---@return boolean, table?
function spy_object:called_with(arguments) end

--- As called_with, for the values returned.
---@param values table
---@return boolean, table?
function spy_object:returned_with(values) end

--- A stub: a spy whose answers are set up front.
---@class luassert.Stub : luassert.Spy
---@field by_default {returns: fun(...: any): luassert.Stub, invokes: fun(fn: function): luassert.Stub}
local stub_object = {}

--- Returns these values by default.
---@param ... any
---@return luassert.Stub self
function stub_object.returns(...) end

--- Calls `fn` by default.
---@param fn function
---@return luassert.Stub self
function stub_object.invokes(fn) end

--- Answers for calls with these arguments: `.returns(...)` or `.invokes(fn)`.
---@param ... any
---@return {returns: fun(...: any): luassert.Stub, invokes: fun(fn: function): luassert.Stub}
function stub_object.on_call_with(...) end

--- `spy.new(fn)`, `spy.on(t, "k")`; `spy(fn)` is spy.new.
---@class luassert.spy
---@overload fun(fn?: function): luassert.Spy
spy = {}

--- A spy calling `fn` (or nothing).
---@param fn? function
---@return luassert.Spy
function spy.new(fn) end

--- Replaces t[key] by a spy on it (a handle's method: for that object only) and returns the spy.
---@param target table|userdata
---@param key string
---@return luassert.Spy
function spy.on(target, key) end

---@param value any
---@return boolean
function spy.is_spy(value) end

--- `stub(t, "k", ...)`: replaces t[k] by a stub returning the values (a single callable is called).
---@class luassert.stub
---@overload fun(target?: table|userdata, key?: string, ...: any): luassert.Stub
stub = {}

---@param target? table|userdata
---@param key? string
---@param ... any
---@return luassert.Stub
function stub.new(target, key, ...) end

--- `mock(t, dostub?)`: spies (or stubs) on every function of `t`, recursively.
---@class luassert.mock
---@overload fun(target: table, dostub?: boolean, fn?: function): table
mock = {}

---@param target table
---@param dostub? boolean
---@param fn? function
---@return table
function mock.new(target, dostub, fn) end

--- Clears every spy in a mocked table.
---@param target table
function mock.clear(target) end

--- Reverts every spy in a mocked table.
---@param target table
function mock.revert(target) end

--------------------------------------------------------------------------------------------
-- Matchers

--- Matchers for called_with and returned_with, with modifiers: `match.is_string()`,
--- `match.is_not.same(t)`, `match.all_of(m1, m2)`.
---@class luassert.matchers
---@field is luassert.matchers
---@field is_not luassert.matchers
---@field Not luassert.matchers
---@field no luassert.matchers
---@field is_nil fun(): luassert.Matcher
---@field is_boolean fun(): luassert.Matcher
---@field is_number fun(): luassert.Matcher
---@field is_string fun(): luassert.Matcher
---@field is_table fun(): luassert.Matcher
---@field is_function fun(): luassert.Matcher
---@field is_userdata fun(): luassert.Matcher
---@field is_thread fun(): luassert.Matcher
---@field is_true fun(): luassert.Matcher
---@field is_false fun(): luassert.Matcher
---@field is_truthy fun(): luassert.Matcher
---@field is_falsy fun(): luassert.Matcher
---@field truthy fun(): luassert.Matcher
---@field falsy fun(): luassert.Matcher
---@field is_ref fun(value: table|function|thread|userdata): luassert.Matcher The very same object.
---@field ref fun(value: table|function|thread|userdata): luassert.Matcher
---@field equals fun(value: any): luassert.Matcher
---@field equal fun(value: any): luassert.Matcher
---@field is_equal fun(value: any): luassert.Matcher
---@field same fun(value: any): luassert.Matcher
---@field is_same fun(value: any): luassert.Matcher
---@field matches fun(pattern: string, init?: integer, plain?: boolean): luassert.Matcher
---@field match fun(pattern: string, init?: integer, plain?: boolean): luassert.Matcher
---@field near fun(value: number, tolerance: number): luassert.Matcher
---@field unique fun(deep?: boolean): luassert.Matcher
---@field all_of fun(...: luassert.Matcher): luassert.Matcher
---@field any_of fun(...: luassert.Matcher): luassert.Matcher
---@field none_of fun(...: luassert.Matcher): luassert.Matcher

---@class luassert.Matcher
---@field name string
---@overload fun(value: any): boolean

--- `match`: the matcher vocabulary, `match._` (anything) and predicates.
---@class luassert.match : luassert.matchers
---@field _ luassert.Matcher Matches any value.
match = {}

---@param value any
---@return boolean
function match.is_matcher(value) end

---@param value any
---@return boolean
function match.is_ref_matcher(value) end
