-- busted 2's two kinds of setup and teardown. strict_setup runs when a block is entered,
-- even if none of its tests runs; lazy_setup only before the first test of the block that
-- runs. lazy_teardown runs when the block ends if its lazy_setup ran; strict_teardown
-- always. setup and teardown are the strict ones. (Failing setups: Tests/Fixtures/busted.)
local log = {}
local function note(text) return function() log[#log + 1] = text end end
-- The tests read the log of what ran before them: their order, and the blocks', is the
-- subject, so randomize(false) keeps it under --shuffle as well.

describe("setups", function()
  randomize(false)
  strict_setup(note("strict outer"))
  lazy_setup(note("lazy outer"))

  describe("a block with only pending tests", function()
    strict_setup(note("strict pending-only"))
    lazy_setup(note("lazy pending-only"))
    lazy_teardown(note("lazy teardown pending-only"))
    strict_teardown(note("strict teardown pending-only"))
    pending("is entered, but no test of it runs")
  end)

  describe("a block with setup and teardown", function()
    setup(note("setup"))
    teardown(note("teardown"))
    pending("runs them as strict ones")
  end)

  describe("a block whose tests run", function()
    randomize(false)
    strict_setup(note("strict inner"))
    lazy_setup(note("lazy inner"))
    lazy_teardown(note("lazy teardown inner"))
    strict_teardown(note("strict teardown inner"))

    it("saw strict setups on entering and the lazy ones (outer first) before its first test", function()
      assert.are.same({
        "strict outer",
        "strict pending-only", "strict teardown pending-only",
        "setup", "teardown",
        "strict inner", "lazy outer", "lazy inner",
      }, log)
    end)

    it("does not run a setup twice", function()
      assert.are.equal(8, #log)
    end)
  end)

  it("ran the lazy teardown before the strict one when the block ended", function()
    assert.are.same({ "lazy teardown inner", "strict teardown inner" }, { log[9], log[10] })
  end)
end)
