-- BustedOrderTests: where each part of a spec file runs, logged to $ORDER_LOG by busted and
-- by detent alike. The two logs must be the same: the file's top level, then each block as
-- the suite reaches it — its body, its setup, its tests with their hooks, the blocks inside
-- it (their bodies only then), its teardowns.
local path = assert(os.getenv("ORDER_LOG"), "ORDER_LOG names the log file")
local function log(what)
  local file = assert(io.open(path, "a"))
  file:write(what, "\n")
  file:close()
end

log("file top level")
setup(function() log("file setup") end)
teardown(function() log("file teardown") end)

local made
describe("outer", function()
  log("outer body")
  setup(function()
    log("outer setup")
    made = { kind = "built by outer setup" }
  end)
  lazy_setup(function() log("outer lazy_setup") end)
  before_each(function() log("outer before_each") end)
  after_each(function() log("outer after_each") end)
  lazy_teardown(function() log("outer lazy_teardown") end)
  teardown(function() log("outer teardown") end)

  it("first", function() log("outer first") end)

  describe("inner", function()
    -- busted runs this body after the outer setup: `made` is already there.
    log("inner body sees " .. tostring(made and made.kind))
    setup(function() log("inner setup") end)
    before_each(function() log("inner before_each") end)
    after_each(function() log("inner after_each") end)
    teardown(function() log("inner teardown") end)
    it("second", function()
      log("inner second")
      finally(function() log("inner second finally") end)
    end)
    pending("later")
    it("third", function() log("inner third") end)
  end)

  describe("empty", function()
    log("empty body")
    setup(function() log("empty setup") end)
    lazy_setup(function() log("empty lazy_setup") end)
    teardown(function() log("empty teardown") end)
  end)

  it("fourth", function() log("outer fourth") end)
  log("outer body end")
end)

it("at the top", function() log("top test") end)
log("file top level end")
