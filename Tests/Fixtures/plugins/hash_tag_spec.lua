-- Tests/Fixtures/plugins/hash_tag/hash_tag.lua's invariant covers the #guarded test only.
describe("an invariant tagged with a hash", function()
  it("covers a test named so #guarded", function()
    wait_frames(1)
  end)
  it("leaves the others alone", function()
    wait_frames(1)
  end)
end)
