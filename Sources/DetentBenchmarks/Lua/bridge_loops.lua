-- The loops of `detent bench`'s bridge costs (Benchmarks.bridgeCosts): n iterations of one
-- body each — nothing, a Lua table field read, a world property, an engine property, a host
-- function call, and a host call followed by an engine property read (the read misses the
-- handle's cache, which every host call empties) — over the same upvalues, so that the empty
-- loop (and the host call's loop) can be subtracted.
local n, world, noop = ...
local drawer = world:drawer{ anchors = { "top", "middle", "bottom" } }
local t = { frame = 1, origin = 1 }
local v
return {
  function() for i = 1, n do end end,
  function() for i = 1, n do v = t.origin end end,
  function() for i = 1, n do v = world.frame end end,
  function() for i = 1, n do v = drawer.origin end end,
  function() for i = 1, n do noop() end end,
  function() for i = 1, n do noop(); v = drawer.origin end end,
}
