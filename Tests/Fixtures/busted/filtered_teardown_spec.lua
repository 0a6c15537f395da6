-- A block whose last test a filter leaves out: no test leaves the block, so the walk runs its
-- teardown when it steps past the block, as a job of its own like a test's (in a world,
-- where it can wait), and reports its error as busted does ("… teardown").
-- WalkStepTests runs it with --filter kept.
describe("a block whose last test is filtered out", function()
  teardown(function()
    local start = world.time
    wait_frames(3)
    error(("the teardown ran and waited %d frames"):format(math.floor((world.time - start) * 60 + 0.5)))
  end)
  it("runs #kept", function() end)
  it("is left out", function() end)
end)
