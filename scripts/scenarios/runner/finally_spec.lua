-- finally(fn) inside a test (busted): fn runs after the test's function — even when that
-- function fails — and before after_each. Each test has one finally: a second call replaces
-- the first, as in busted. (What a failing finally does to its test: Tests/Fixtures/busted.)
local log = {}

describe("finally", function()
  -- Each "ran ..." test checks what the test before it did: the order is part of the spec,
  -- kept under --shuffle too.
  randomize(false)
  after_each(function() log[#log + 1] = "after_each" end)

  it("registers a cleanup for the running test", function()
    finally(function() log[#log + 1] = "finally" end)
    log[#log + 1] = "body"
  end)

  it("ran it after the body and before after_each", function()
    assert.are.same({ "body", "finally", "after_each" }, log)
  end)

  it "can wait, like the test's function" (function()
    finally(function()
      wait_frames(3)
      log.frame_after_wait = world.frame
    end)
  end)

  it("waited in the test's own world", function()
    assert.are.equal(3, log.frame_after_wait)
  end)

  it("keeps only the last function when called twice", function()
    finally(function() log.first = true end)
    finally(function() log.second = true end)
  end)

  it("ran only that last function", function()
    assert.is_nil(log.first)
    assert.is_true(log.second)
  end)

  describe("outside a test's function", function()
    local seen = "not looked"
    before_each(function() seen = finally end)

    it("is not there (as in busted, only a running test has it)", function()
      assert.is_nil(seen)
    end)
  end)
end)
