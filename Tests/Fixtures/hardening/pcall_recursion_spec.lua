-- Issue 28 §5: recursions through pcall and xpcall, which Lua's own pcall let run for ever
-- (hooks stop firing once a C-stack overflow has been caught), each stop at their line; the
-- next test starts clean (a stopped test's garbage does not count against its memory cap).
describe("recursion through protected calls", function()
  it("pcall", function()
    local function f() pcall(f) return f() end
    f()
  end)
  it("xpcall", function()
    local function f() xpcall(f, function(e) return e end) return f() end
    f()
  end)
  it("pcall of a coroutine", function()
    local function f() pcall(coroutine.wrap(f)) return f() end
    f()
  end)
  it("allocates after them", function()
    local t = {}
    for i = 1, 200000 do t[i] = { i } end
    assert.equal(200000, #t)
  end)
end)
