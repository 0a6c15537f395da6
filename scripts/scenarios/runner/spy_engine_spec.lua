-- spy.on and stub on an engine handle's method (issue 12: spies on engine objects work): the
-- replacement is for that object only, any handle of it sees it, and revert puts the method back.
describe("spies on engine objects", function()
  it("spy.on a handle's method records calls and still runs it", function()
    local nav = world:navigation{ screens = { world:screen{ id = "a" } } }
    local s = spy.on(nav, "push")
    nav:push(world:screen{ id = "b" }, false)
    assert.spy(s).was.called(1)
    assert.are.equal(2, nav.depth)
    nav.push:revert()
    nav:push(world:screen{ id = "c" }, false)
    assert.spy(s).was.called(1)
    assert.are.equal(3, nav.depth)
  end)
  it("stub replaces it", function()
    local nav = world:navigation{ screens = { world:screen{ id = "a" } } }
    stub(nav, "push")
    nav:push(world:screen{ id = "b" }, false)
    assert.stub(nav.push).was.called(1)
    assert.are.equal(1, nav.depth)
    nav.push:revert()
  end)
  it("another handle of the same object sees it; another object does not", function()
    local nav = world:navigation{ screens = { world:screen{ id = "a" } } }
    local other = world:navigation{ name = "other", screens = { world:screen{ id = "x" } } }
    local s = spy.on(nav, "pop")
    other:pop()
    assert.spy(s).was_not.called()
  end)
end)
