-- Busted's structure (SPEC §9): describe/context, it, pending, before_each/after_each,
-- setup/teardown, and #tags in names. Each `it` gets a fresh world.
local log = {}

describe("structure", function()
  setup(function() log[#log + 1] = "setup" end)
  teardown(function() log[#log + 1] = "teardown" end)
  before_each(function() log[#log + 1] = "before" end)
  after_each(function() log[#log + 1] = "after" end)

  it("runs setup once, then before_each around each test", function()
    assert.are.same({ "setup", "before" }, log)
  end)

  context("nested blocks", function()
    before_each(function() log[#log + 1] = "inner before" end)

    it("run outer hooks before inner ones", function()
      assert.are.same({ "setup", "before", "after", "before", "inner before" }, log)
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
