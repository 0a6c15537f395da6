-- A module with state, for insulate_spec.lua: each time it is loaded it starts at zero, so a
-- spec can tell a fresh copy from one loaded before.
local counter = { count = 0 }

function counter.bump()
  counter.count = counter.count + 1
  return counter.count
end

return counter
