-- settles_within on a series that ends while the world still moves says how long to wait.
-- expect: series "s.value": settles_within 1 s cannot be observed: the series ends at t=0.1 s, before t=1 s, with the world still moving (wait_idle() or wait(0.9)
describe("a spring", function()
  it("settles within a second", function()
    world:spring{ name = "s", from = 0, to = 100, response = 0.5 }
    local tr = trace{ "s.value" }
    wait(0.1)
    assert.series(tr["s.value"]):settles_within(1) -- mistake
  end)
end)
