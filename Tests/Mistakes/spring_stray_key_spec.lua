-- A key of one parameterisation without the key that chooses it is refused.
-- expect: bad argument #1 to 'spring' (field 'speed': speed belongs to {bounciness =, speed =}
describe("a spring", function()
  it("settles", function()
    world:spring{ from = 0, to = 100, response = 0.4, speed = 14 } -- mistake
    wait_idle()
  end)
end)
