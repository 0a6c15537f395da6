-- busted's structure, observable through passes, failures and messages.
local log = {}
local function note(s) log[#log + 1] = s end

describe("structure", function()
  randomize(false)

  describe("finally", function()
    it("runs after a failing body", function()
      finally(function() note("finally ran") end)
      assert.are.equal(1, 2)
    end)
    it("ran", function() assert.are.same({ "finally ran" }, log) end)
    it("an error in finally errors the test", function()
      finally(function() error("from finally", 0) end)
    end)
  end)

  describe("pending", function()
    it("with a reason", function() pending("not today") end)
    pending("declared pending")
    it("pending after a passing assertion", function()
      assert.is_true(true)
      pending("half done")
      error("not reached")
    end)
  end)

  describe("lazy and strict setup", function()
    local lazy, strict = 0, 0
    lazy_setup(function() lazy = lazy + 1 end)
    strict_setup(function() strict = strict + 1 end)
    it("ran once before the first test", function()
      assert.are.equal(1, lazy)
      assert.are.equal(1, strict)
    end)
    it("and not again", function()
      assert.are.equal(1, lazy)
      assert.are.equal(1, strict)
    end)
  end)

  describe("lazy setup of a block whose tests are all pending", function()
    lazy_setup(function() note("lazy of pending block") end)
    pending("nothing here")
  end)
  it("did not run its lazy_setup", function()
    for _, entry in ipairs(log) do assert.are_not.equal("lazy of pending block", entry) end
  end)

  describe("teardown", function()
    lazy_teardown(function() note("lazy teardown") end)
    strict_teardown(function() note("strict teardown") end)
    it("runs after the block's last test", function() end)
  end)
  it("sees the teardowns", function()
    assert.are.equal("lazy teardown", log[#log - 1])
    assert.are.equal("strict teardown", log[#log])
  end)

  describe("before_each and after_each", function()
    local n = 0
    before_each(function() n = n + 1 end)
    after_each(function() n = n + 10 end)
    it("first", function() assert.are.equal(1, n) end)
    it("second", function() assert.are.equal(12, n) end)
    describe("nested", function()
      before_each(function() n = n + 100 end)
      it("outer before inner", function() assert.are.equal(123, n) end)
    end)
  end)

  insulate("insulate", function()
    insulated_global = "inside"
    it("sees its own global", function() assert.are.equal("inside", insulated_global) end)
  end)
  it("does not see an insulated global", function() assert.is_nil(insulated_global) end)

  expose("expose", function()
    exposed_global = "shared"
    it("sees its global", function() assert.are.equal("shared", exposed_global) end)
  end)
  it("sees an exposed global", function() assert.are.equal("shared", exposed_global) end)

  describe "the string-call form" (function()
    it("works", function() assert.is_true(true) end)
  end)

  spec("spec is it", function() assert.are.equal(1, 1) end)
  test("test is it", function() assert.are.equal(1, 2) end)
  context("context is describe", function()
    it("works", function() end)
  end)

  describe("errors", function()
    it("a string", function() error("plain") end)
    it("a string at level 0", function() error("no position", 0) end)
    it("a string at level 2", function()
      local function inner() error("blames the caller", 2) end
      inner()
    end)
    it("a number", function() error(42) end)
    it("a boolean", function() error(true) end)
    it("nil", function() error(nil) end)
    it("a table", function() error({ code = 7, "first", nested = { ok = false } }) end)
    it("a table with __tostring", function()
      error(setmetatable({}, { __tostring = function() return "custom tostring" end }))
    end)
  end)

end)
