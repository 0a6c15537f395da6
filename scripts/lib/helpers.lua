-- A module for scenario specs to `require("lib.helpers")`: found through [lua] path's scripts/?.lua.
local helpers = {}

function helpers.answer()
  return 42
end

--- Waits until an animator has finished, with a readable timeout message.
function helpers.wait_finished(animator, timeout)
  wait_until(function() return animator.finished end, { timeout = timeout or 5, what = "animator " .. animator.name .. " to finish" })
end

return helpers
