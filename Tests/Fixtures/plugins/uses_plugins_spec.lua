-- Uses what Tests/Fixtures/plugins/mixed registers (run with --plugins Tests/Fixtures/plugins/mixed).
describe("plugins", function()
  it("a function curve", function()
    assert.are.equal(0.5, detent.motion.curve("fixture_smoothstep", 0.5))
  end)
  it("a name the failed plugin would have registered", function()
    detent.motion.curve("fixture_half", 0.5)
  end)
  it("a policy the failed plugin would have registered", function()
    world:drawer{ anchors = { "top", "bottom" }, policy = "fixture_top" }
  end)
end)
