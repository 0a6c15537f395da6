describe("a file whose top level fails", function()
  it("would pass", function() end)
end)
error("top-level failure")
