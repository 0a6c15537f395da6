-- Tests that would wait forever in virtual time fail alone.
describe("waiting forever", function()
  it("wait_until without a timeout uses the default timeout", function()
    wait_until(function() return false end)
  end)
  it("a test that keeps waiting is stopped by the virtual time limit", function()
    while true do wait(100) end
  end)
  it("runs afterwards", function()
    wait(1)
    assert.are.equal(60, world.frame)
  end)
end)
