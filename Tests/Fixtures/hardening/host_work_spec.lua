-- Host work a script drives in a loop is charged to its limits (SPEC §13): objects to the
-- memory cap, every host call to the instruction budget.
describe("host work", function()
  it("screens made in a loop", function() for i = 1, 1e7 do world:screen{ id = "s" .. i } end end)
  it("worlds made in a loop", function() for i = 1, 1e7 do detent.world{} end end)
  it("events emitted in a loop", function() for i = 1, 1e8 do world:emit("x") end end)
  it("touches put down in a loop", function() for i = 1, 1e7 do touch(10, 10) end end)
  it("property reads in a loop", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    local x
    for i = 1, 1e8 do x = d.origin end
  end)
  it("runs after them", function() assert.are.equal(2, 1 + 1) end)
end)
