-- A plugin whose setup fails after registering: nothing of it stays.
return {
  name = "fixture_broken",
  version = "1.0",
  setup = function(detent)
    detent.register_curve("fixture_half", function(p) return p / 2 end)
    detent.register_policy("fixture_top", function(release) return release.anchors[1].name end)
    error("cannot set up")
  end,
}
