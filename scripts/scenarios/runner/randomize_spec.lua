-- randomize() in a describe block runs that block's tests and blocks in a shuffled order,
-- taken from the run's seed: the same --seed gives the same order (a Swift test,
-- RandomizeTests, checks the orders). Here: every test of a randomized block runs once,
-- blocks stay whole, and blocks without randomize() keep their order. Under --shuffle every
-- block is shuffled but those that say randomize(false), as here: "after it" must come last.
local ran = {}
randomize(false)

describe("a randomized block", function()
  randomize()
  for i = 1, 6 do
    it("runs test " .. i, function() ran[#ran + 1] = i end)
  end
  describe("holding a block in order", function()
    randomize(false)
    it("first", function() ran[#ran + 1] = "first" end)
    it("second", function() ran[#ran + 1] = "second" end)
  end)
end)

describe("after it", function()
  it("every test ran once, and the inner block's two in order, one after the other", function()
    local numbers, words = {}, {}
    for position, item in ipairs(ran) do
      if type(item) == "number" then numbers[#numbers + 1] = item else words[#words + 1] = position end
    end
    table.sort(numbers)
    assert.are.same({ 1, 2, 3, 4, 5, 6 }, numbers)
    assert.are.same({ "first", "second" }, { ran[words[1]], ran[words[2]] })
    assert.are.equal(words[1] + 1, words[2])
  end)
end)
