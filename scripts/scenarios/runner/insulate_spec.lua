-- insulate and expose (busted). An insulate block runs with its own copy of the globals and
-- of the loaded modules: what its body, hooks and tests set is seen by its later tests and
-- gone after the block. A module first required inside it is loaded afresh for it; one
-- loaded before is the same table. An expose block hands what it sets on past the insulate
-- block around it. (busted also insulates each file; here each file has its own Lua state.)
--
-- As in busted, tests share globals through _G: a plain `x = 1` inside an `it` stays local
-- to that test, and one in a block's body or hook to that block, so these specs write `_G.x`
-- in tests.
local shared = require("scenarios.runner.support.shared_counter")

describe("insulate", function()
  -- Tests here check what the blocks and tests before them left: randomize(false) keeps that
  -- order under --shuffle too.
  randomize(false)
  insulate("a block with its own globals", function()
    randomize(false)
    insulated_by_body = "set by the body"
    local counter = require("scenarios.runner.support.counter")

    setup(function() _G.insulated_by_setup = true end)

    it("sees what its body and setup set", function()
      assert.are.equal("set by the body", insulated_by_body)
      assert.is_true(insulated_by_setup)
      _G.insulated_by_test = true
    end)

    it("sees what an earlier test of the block set", function()
      assert.is_true(insulated_by_test)
    end)

    it("loads a module afresh for the block", function()
      assert.are.equal(1, counter.bump())
      assert.are.equal(counter, require("scenarios.runner.support.counter"))
    end)

    it("shares a module loaded before the block", function()
      assert.are.equal(shared, require("scenarios.runner.support.shared_counter"))
      shared.bump()
    end)

    insulate("inside another", function()
      insulated_by_body = "replaced inside"
      it("sees its own value", function()
        assert.are.equal("replaced inside", insulated_by_body)
      end)
    end)

    it("gets its own value back after the inner block", function()
      assert.are.equal("set by the body", insulated_by_body)
    end)
  end)

  it("leaves nothing of the block's globals behind", function()
    assert.is_nil(insulated_by_body)
    assert.is_nil(insulated_by_setup)
    assert.is_nil(insulated_by_test)
  end)

  it("loads the block's module afresh outside it", function()
    assert.are.equal(0, require("scenarios.runner.support.counter").count)
  end)

  it("keeps what the block did to a module loaded before it (the same table)", function()
    assert.are.equal(1, shared.count)
  end)

  insulate("an insulate block holding an expose block", function()
    randomize(false)   -- the expose block first: what the test after it sets stays inside
    expose("the expose block", function()
      _G.exposed_by_body = 42
      it("sets a global", function() _G.exposed_by_test = true end)
    end)
    it("sets one of its own", function() _G.kept_inside = true end)
  end)

  it("keeps what the expose block set, past the insulate block around it", function()
    assert.are.equal(42, exposed_by_body)
    assert.is_true(exposed_by_test)
  end)

  it("still undoes what the insulate block set after it", function()
    assert.is_nil(kept_inside)
  end)
end)

insulate("requiring luassert's modules inside an insulate block", function()
  it("gets Detent's own, as outside", function()
    assert.are.equal(assert, require("luassert"))
  end)
  it("still names a module that is missing", function()
    local ok, message = pcall(require, "scenarios.runner.support.missing")
    assert.is_false(ok)
    assert.matches("module 'scenarios.runner.support.missing' not found", message, 1, true)
  end)
end)
