-- A plain script (no describe): `detent run scripts/examples/hello_world.lua` runs it once
-- in a fresh world, like a quick experiment in the console. It passes unless it raises.
local a = world:animate{ name = "card", from = 852, to = 400, duration = 0.35, curve = "sheet" }
wait(0.35 / 2)
print(string.format("halfway through the transition the card is at y = %.1f pt", a.value))
wait_idle()
print(string.format("settled at y = %d pt after %d frames (%.3f s of virtual time)", a.value, world.frame, world.time))
assert.are.equal(400, a.value)
