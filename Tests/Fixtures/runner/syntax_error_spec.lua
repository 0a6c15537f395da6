describe("broken", function()
  it("never loads", function()
    local x = = 1
  end)
end)
