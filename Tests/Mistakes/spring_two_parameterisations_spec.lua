-- A spring is given one way: stiffness and response together is a mistake, not a choice.
-- expect: bad argument #1 to 'spring' (stiffness and response give a spring in different ways
describe("a spring", function()
  it("settles", function()
    world:spring{ from = 0, to = 100, stiffness = 200, response = 0.4 } -- mistake
    wait_idle()
  end)
end)
