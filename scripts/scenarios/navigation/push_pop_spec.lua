-- Push and pop (SPEC §4). On iPhone 15 (393 × 852 pt, 60 Hz) a push moves the incoming
-- screen's leading edge from +393 to 0 and the outgoing one from 0 to −0.3 × 393 = −117.9,
-- over 0.35 s on the `sheet` curve (0.2, 1, 0.42, 1). Pop mirrors it.
local curve = detent.motion.curve

describe("a navigation stack", function()
  local inbox, message, nav

  before_each(function()
    inbox = world:screen{ id = "inbox", title = "Inbox" }
    message = world:screen{ id = "message", title = "Message" }
    nav = world:navigation{ screens = { inbox } }
  end)

  it("starts with its root on show", function()
    assert.are.equal(1, nav.depth)
    assert.are.equal(inbox, nav.top)
    assert.are.equal(0, inbox.x)
    assert.are.equal("appeared", inbox.appearance)
  end)

  it("pushes: the incoming screen slides in from the right edge on the sheet curve", function()
    nav:push(message)
    assert.are.same({ inbox, message }, nav.stack)   -- the stack changes at once, as in UIKit
    assert.are.equal(393, message.x)
    wait_frames(6)                                   -- t = 0.1 s
    local e = curve("sheet", world.time / 0.35)
    assert.near(393 * (1 - e), message.x, 1e-6)
    assert.near(-0.3 * 393 * e, inbox.x, 1e-6)
    wait_event("navigation.did_show")
    assert.are.equal(0, message.x)
    assert.near(-117.9, inbox.x, 1e-9)
    assert.near(0.35, world.time, 1 / 60)
  end)

  it("pops: the top screen slides out to the right, the one beneath comes back from −0.3 width", function()
    nav:push(message, false)
    local popped = nav:pop()
    assert.are.equal(message, popped)
    wait_frames(10)
    local e = curve("sheet", world.time / 0.35)
    assert.near(393 * e, message.x, 1e-6)
    assert.near(-117.9 * (1 - e), inbox.x, 1e-6)
    wait_idle()
    assert.are.same({ inbox }, nav.stack)
    assert.are.equal(0, inbox.x)
  end)

  it("animates the content height from the outgoing screen's to the incoming one's (what a sheet follows)", function()
    local short = world:screen{ id = "short", content_height = 300 }
    local tall = world:screen{ id = "tall", stack = { items = { { id = "a", size = 250 }, { id = "b", size = 250 } } } }
    local n = world:navigation{ name = "sheet_stack", screens = { short } }
    assert.are.equal(300, n.content_height)
    local tr = trace{ "sheet_stack.content_height" }
    n:push(tall)
    wait_frames(6)
    assert.near(300 + 200 * curve("sheet", world.time / 0.35), n.content_height, 1e-9)
    wait_idle()
    assert.are.equal(500, n.content_height)
    assert.series(tr["sheet_stack.content_height"]):monotonic("increasing")
  end)

  it("never pops the root", function()
    assert.is_nil(nav:pop())
    assert.are.equal(1, nav.depth)
    assert.is_false(nav.transitioning)
  end)

  it("applies the end state at once when not animated", function()
    nav:push(message, false)
    assert.are.equal(0, message.x)
    assert.is_false(nav.transitioning)
    assert.are.equal("appeared", message.appearance)
  end)

  it("pops to the root and to a given screen", function()
    local detail = world:screen{ id = "detail" }
    nav:set({ inbox, message, detail }, false)
    nav:pop_to(message, false)
    assert.are.same({ inbox, message }, nav.stack)
    nav:push(detail, false)
    nav:pop_to_root()
    wait_idle()
    assert.are.same({ inbox }, nav.stack)
  end)

  it("queues operations requested during a transition and runs them in order", function()
    local queued = {}
    world:on("navigation.queued", function(e) queued[#queued + 1] = e.operation .. " " .. e.queued end)
    local detail = world:screen{ id = "detail" }
    nav:push(message)
    nav:push(detail)                 -- queued
    assert.is_nil(nav:pop())         -- queued too: nothing popped yet
    assert.are.equal(2, nav.queued)
    assert.are.same({ inbox, message }, nav.stack)
    wait_frames(1)                   -- events requested between frames arrive with the next tick
    assert.are.same({ "push 1", "pop 2" }, queued)
    wait_event("navigation.did_show")
    assert.are.same({ inbox, message, detail }, nav.stack)   -- the queued push started
    wait_idle()
    assert.are.same({ inbox, message }, nav.stack)           -- then the queued pop ran
    assert.near(3 * 0.35, world.time, 3 / 60)
  end)

  it("refuses a screen that is already in a stack", function()
    assert.has_error(function() nav:push(inbox) end, "screen 'inbox' is already in a navigation stack")
  end)
end)
