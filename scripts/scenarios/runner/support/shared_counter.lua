-- A second module with state, which insulate_spec.lua loads before its insulate block: a
-- module loaded outside is the same table inside.
local counter = { count = 0 }

function counter.bump()
  counter.count = counter.count + 1
  return counter.count
end

return counter
