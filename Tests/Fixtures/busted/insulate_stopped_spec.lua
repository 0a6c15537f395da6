-- BustedStructureTests: a test of an insulate block stopped by a limit never reaches the
-- end of its run, yet the globals it set stay inside the block.
insulate("a block whose test is stopped", function()
  it("sets a global and runs away", function()
    _G.set_inside = true
    while true do end
  end)
end)
it("sees nothing of it", function() assert.is_nil(set_inside) end)
