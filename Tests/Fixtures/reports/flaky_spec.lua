-- A test that fails on its first attempt and passes on the second (the file's Lua state
-- outlives each test's world), for reports of --retries and --repeat from a real run:
-- with --retries 1 it is flaky; with --repeat 2 as well, its second iteration fails twice.
local attempts = 0
describe("flaky", function()
  it("passes on its second attempt", function()
    attempts = attempts + 1
    assert.are.equal(2, attempts)
  end)
  it("always passes", function() end)
end)
