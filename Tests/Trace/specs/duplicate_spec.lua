-- Two tests with the same name on the same line: each keeps a trace of its own.
describe("twins", function()
  for _ = 1, 2 do it("share a name and a line", function() wait_frames(2) end) end
end)
