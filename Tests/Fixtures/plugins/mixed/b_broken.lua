-- A plugin whose setup fails after registering: nothing of it stays.
return {
  name = "fixture_broken",
  version = "1.0",
  setup = function(detent)
    detent.register_curve("fixture_half", function(p) return p / 2 end)
    error("cannot set up")
  end,
}
