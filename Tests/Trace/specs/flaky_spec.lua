-- Fails on its first attempt and passes on the next (the file's state outlives an attempt):
-- under --retries it is flaky, and each attempt has a trace of its own.
local attempts = 0
describe("flaky", function()
  it("passes the second time", function()
    attempts = attempts + 1
    wait_frames(3)
    assert.is_true(attempts > 1)
  end)
end)
