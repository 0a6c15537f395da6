-- A busted output handler for the parity suite: one line per test, as JSON,
--   {"name": "...", "status": "success|failure|error|pending", "message": "..."|null}
-- with the message exactly as busted's own TAP and plain-terminal handlers show it (a string
-- as is, any other value through pl.pretty.write), and at the end busted's own counts,
--   {"totals": {"success": N, "failure": N, "error": N, "pending": N}}
-- (the figures of its summary line, which count a hook's error as an error of its own). busted's --output=json is not used: it
-- also encodes each failure's raw error value and trace, and gives up silently (an empty
-- output) when one of them holds a function or a userdata.
--
--   busted --output=Tests/BustedParity/busted_results.lua FILE
local pretty = require 'pl.pretty'

local function quoted(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    local named = { ['"'] = '\\"', ['\\'] = '\\\\', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }
    return named[c] or string.format('\\u%04x', c:byte())
  end) .. '"'
end

return function(options)
  local busted = require 'busted'
  local handler = require 'busted.outputHandlers.base'()

  local function text(message)
    if message == nil then return 'null' end
    if type(message) ~= 'string' then message = pretty.write(message) end
    return quoted(message)
  end

  local function emit(status, record)
    io.write('{"name": ', quoted(record.name), ', "status": "', status, '", "message": ', text(record.message), '}\n')
    io.flush()
  end

  handler.testEnd = function(element, parent, status)
    if status == 'success' then emit(status, handler.successes[#handler.successes])
    elseif status == 'pending' then emit(status, handler.pendings[#handler.pendings])
    elseif status == 'failure' then emit(status, handler.failures[#handler.failures])
    elseif status == 'error' then emit(status, handler.errors[#handler.errors]) end
    return nil, true
  end

  -- An error outside a test (a describe's body, a setup hook) is reported under the block's name.
  handler.error = function(element)
    if element.descriptor ~= 'it' then emit('error', handler.errors[#handler.errors]) end
    return nil, true
  end

  handler.suiteEnd = function()
    io.write(string.format('{"totals": {"success": %d, "failure": %d, "error": %d, "pending": %d}}\n',
      handler.successesCount, handler.failuresCount, handler.errorsCount, handler.pendingsCount))
    io.flush()
    return nil, true
  end

  busted.subscribe({ 'test', 'end' }, handler.testEnd, { predicate = handler.cancelOnPending })
  busted.subscribe({ 'error' }, handler.error)
  busted.subscribe({ 'suite', 'end' }, handler.suiteEnd)
  return handler
end
