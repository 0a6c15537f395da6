-- The lifecycle log (SPEC §3, §4), in UIKit's order: view(Will|Did)(Appear|Disappear) and
-- (will|did)Move(toParent:), at the start and at the end of each transition.
describe("the lifecycle", function()
  it("of a push: will-move, will-disappear/appear at the start; did-* and did-move at the end", function()
    local a, b = world:screen{ id = "a" }, world:screen{ id = "b" }
    local nav = world:navigation{ screens = { a } }
    assert.are.same({ "willMove(toParent: navigation)", "viewWillAppear", "viewDidAppear", "didMove(toParent: navigation)" }, a.lifecycle)
    nav:push(b)
    assert.are.same({ "willMove(toParent: navigation)", "viewWillAppear" }, b.lifecycle)
    assert.are.equal("viewWillDisappear", a.lifecycle[#a.lifecycle])
    assert.are.equal("appearing", b.appearance)
    wait_idle()
    assert.are.same({ "willMove(toParent: navigation)", "viewWillAppear", "viewDidAppear", "didMove(toParent: navigation)" }, b.lifecycle)
    assert.are.equal("viewDidDisappear", a.lifecycle[#a.lifecycle])
  end)

  it("of a pop: the leaving screen moves to no parent after it disappears", function()
    local a, b = world:screen{ id = "a" }, world:screen{ id = "b" }
    local nav = world:navigation{ screens = { a, b } }
    local before = #b.lifecycle
    nav:pop()
    wait_idle()
    assert.are.same({ "willMove(toParent: nil)", "viewWillDisappear", "viewDidDisappear", "didMove(toParent: nil)" },
                    { table.unpack(b.lifecycle, before + 1) })
    assert.are.same({ "viewWillAppear", "viewDidAppear" }, { table.unpack(a.lifecycle, #a.lifecycle - 1) })
  end)

  it("of pop_to_root: screens in between leave without appearing", function()
    local a, b, c = world:screen{ id = "a" }, world:screen{ id = "b" }, world:screen{ id = "c" }
    local nav = world:navigation{ screens = { a, b, c } }
    local before = #b.lifecycle
    nav:pop_to_root()
    wait_idle()
    assert.are.same({ "willMove(toParent: nil)", "didMove(toParent: nil)" }, { table.unpack(b.lifecycle, before + 1) })
  end)

  it("is emitted as screen.lifecycle events too", function()
    local seen = {}
    world:on("screen.lifecycle", function(e) seen[#seen + 1] = e.screen .. ":" .. e.call end)
    local a = world:screen{ id = "a" }
    world:navigation{ screens = { a } }
    wait_frames(1)
    assert.are.same({ "a:willMove(toParent: navigation)", "a:viewWillAppear", "a:viewDidAppear", "a:didMove(toParent: navigation)" }, seen)
  end)

  it("of set with a new top animates as a push; with an old one, as a pop", function()
    local a, b, c = world:screen{ id = "a" }, world:screen{ id = "b" }, world:screen{ id = "c" }
    local nav = world:navigation{ screens = { a, b } }
    local kinds = {}
    world:on("navigation.will_show", function(e) kinds[#kinds + 1] = e.operation end)
    nav:set({ a, b, c })
    wait_idle()
    nav:set({ a })
    wait_idle()
    -- The first "set" is the navigation's creation with {a, b}: it shows b without a transition.
    assert.are.same({ "set", "push", "pop" }, kinds)
  end)
end)
