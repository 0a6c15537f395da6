-- BustedStructureTests: a failing lazy or strict setup is an error of its own, named after its
-- block and the hook, and the tests of its block do not run (busted reports none of them);
-- the teardowns still run (busted runs lazy_teardown once lazy_setup was tried), and a block
-- inside one whose setup failed is never entered.
describe("a block whose lazy_setup fails", function()
  lazy_setup(function() error("no lazy fixture") end)
  lazy_teardown(function() _G.lazy_teardown_ran = true end)
  it("first", function() end)
  it("second", function() end)
end)
describe("a block whose strict_setup fails", function()
  strict_setup(function() error("no strict fixture") end)
  strict_teardown(function() _G.strict_teardown_ran = true end)
  describe("nested", function()
    setup(function() _G.nested_setup_ran = true end)
    it("third", function() end)
  end)
end)
it("after them", function()
  assert.is_true(lazy_teardown_ran)
  assert.is_true(strict_teardown_ran)
  assert.is_nil(nested_setup_ran)
end)
