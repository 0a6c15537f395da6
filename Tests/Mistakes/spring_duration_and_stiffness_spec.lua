-- A spring copied half from SwiftUI and half from the raw constants: one dialect at a time.
-- expect: bad argument #1 to 'spring' (stiffness and duration give a spring in different ways
describe("a spring", function()
  it("settles", function()
    world:spring{ from = 0, to = 100, stiffness = 300, duration = 0.5, bounce = 0.2 } -- mistake
    wait_idle()
  end)
end)
