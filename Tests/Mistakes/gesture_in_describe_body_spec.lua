-- Gestures in a describe body would act on no test's world.
-- expect: describe 'a flicked drawer' runs its body once
describe("a flicked drawer", function()
  flick("drawer.header", { velocity = -1500 }) -- mistake
  it("rests at the top", function() end)
end)
