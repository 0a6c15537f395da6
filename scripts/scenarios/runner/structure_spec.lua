-- Busted's structure (SPEC §9): describe/context, it, pending, before_each/after_each,
-- setup/teardown, and #tags in names. Each `it` gets a fresh world. The tests read the hooks' log from its end, so they pass in any order (--shuffle).
local log = {}
local function count(entry) local n = 0; for _, e in ipairs(log) do if e == entry then n = n + 1 end end; return n end
describe("structure", function()
  setup(function() log[#log + 1] = "setup" end)
  teardown(function() log[#log + 1] = "teardown" end)
  before_each(function() log[#log + 1] = "before" end)
  after_each(function() log[#log + 1] = "after" end)

  it("runs setup once, then before_each around each test", function()
    -- Every earlier test has had its before_each and its after_each; this one its before_each only.
    assert.are.same({ "setup", 1, "before" }, { log[1], count("setup"), log[#log] })
    assert.are.equal(count("after") + 1, count("before"))
  end)
  context("nested blocks", function()
    before_each(function() log[#log + 1] = "inner before" end)
    it("run outer hooks before inner ones", function()
      -- Preceded by the previous test's after_each, or by setup when this test runs first.
      assert.are.same({ "before", "inner before" }, { log[#log - 1], log[#log] })
      assert.is_true(log[#log - 2] == "after" or log[#log - 2] == "setup")
    end)
  end)
  it("gives every test a fresh world", function()
    assert.are.equal(0, world.frame)
    wait(1)
    assert.are.equal(60, world.frame)
  end)
  it("keeps no world across tests", function()
    assert.are.equal(0, world.frame)
  end)

  it("tags tests with hashtags in their names #slow #example", function()
    assert.is_true(true)
  end)

  pending("documents a test still to write")
end)
