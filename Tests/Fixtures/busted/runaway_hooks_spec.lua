-- HookErrorTests: a hook that runs away is stopped once, by the CPU limit, and reported as that
-- hook's error, as busted reports a hook's error; the tests keep their own results, and the
-- hooks after the runaway one still run.
describe("a runaway teardown", function()
  teardown(function()
    while true do end
  end)
  teardown(function() _G.teardown_after_the_runaway = true end)
  it("passes", function() end)
end)
describe("a runaway after_each", function()
  after_each(function()
    while true do end
  end)
  it("passes", function() end)
end)
describe("a runaway before_each", function()
  before_each(function()
    while true do end
  end)
  after_each(function() _G.after_each_after_the_runaway = true end)
  it("is not reported", function() end)
end)
describe("a runaway setup", function()
  setup(function()
    while true do end
  end)
  teardown(function() _G.teardown_after_the_runaway_setup = true end)
  it("never runs", function() end)
end)
it("runs after them", function()
  assert.is_true(_G.teardown_after_the_runaway)
  assert.is_true(_G.after_each_after_the_runaway)
  assert.is_true(_G.teardown_after_the_runaway_setup)
end)
