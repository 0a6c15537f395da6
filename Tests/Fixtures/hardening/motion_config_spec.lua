-- detent.motion follows config/engine.toml [motion] (the test sets stiffness 123 and rate "normal").
describe("detent.motion", function()
  it("uses the configured defaults", function()
    assert.are.equal(123, detent.motion.spring{}.stiffness)
    assert.near(detent.motion.project(1000, 0.998), detent.motion.project(1000), 1e-9)
  end)
end)
