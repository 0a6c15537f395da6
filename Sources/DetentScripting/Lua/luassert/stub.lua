-- stub.lua — luassert's stubs: spies that replace a function instead of
-- calling it.
--
--   stub(t, "key")                    -- t.key returns nothing
--   stub(t, "key", 1, 2)              -- t.key returns 1, 2
--   stub(t, "key", fn)                -- t.key calls fn instead
--   stub(t, "key").returns(3)         .invokes(fn)   .by_default.returns(4)
--   stub(t, "key").on_call_with("a", match._).returns(5)
--   s:revert()                        -- puts the original (or nil) back
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; defines the global
-- `stub`.  A stub is a spy (spy.on) over the stubbing function, so every
-- spy assertion applies: assert.stub(t.key).was.called_with("a").

local host = ...
local L = host.luassert

local M = {}

--- stub.new(t?, key?, ...): without a table, a blank stub; with values, the
-- stub returns them (a single callable value is called instead).
function M.new(object, key, ...)
  if object == nil and key == nil then
    object, key = {}, ""
  end
  local return_values = L.make_arglist(...)
  -- A table's key, or a method of an engine handle (replaced for that object only).
  if (type(object) ~= "table" and type(object) ~= "userdata") or key == nil then
    error("stub.new(): Can only create stub on a table key, call with 2 params; table, key", 2)
  end
  if object[key] ~= nil and not L.is_callable(object[key]) then
    error("stub.new(): The element for which to create a stub must either be callable, or be nil", 2)
  end
  local original = object[key]

  local default
  if return_values.n == 1 and L.is_callable(return_values[1]) then
    default = return_values[1]
  else
    default = function() return table.unpack(return_values, 1, return_values.n) end
  end
  local on_calls, answers = {}, {}

  object[key] = function(...)
    local found = L.find_match(on_calls, L.make_arglist(...))
    if found then return answers[found](...) end
    return default(...)
  end
  local s = spy.on(object, key)
  local spy_revert = s.revert

  s.revert = function(self)
    if not self.reverted then
      spy_revert(self)
      object[key] = original
      self.reverted = true
    end
    return original
  end

  s.returns = function(...)
    local values = L.make_arglist(...)
    default = function() return table.unpack(values, 1, values.n) end
    return s
  end

  s.invokes = function(fn)
    default = function(...) return fn(...) end
    return s
  end

  s.by_default = { returns = s.returns, invokes = s.invokes }

  s.on_call_with = function(...)
    local recorded = L.copy_arguments(L.make_arglist(...))
    return {
      returns = function(...)
        local values = L.make_arglist(...)
        on_calls[#on_calls + 1] = recorded
        answers[recorded] = function() return table.unpack(values, 1, values.n) end
        return s
      end,
      invokes = function(fn)
        on_calls[#on_calls + 1] = recorded
        answers[recorded] = function(...) return fn(...) end
        return s
      end,
    }
  end

  return s
end

stub = setmetatable(M, {
  __call = function(_, ...) return M.new(...) end,
})
return M
