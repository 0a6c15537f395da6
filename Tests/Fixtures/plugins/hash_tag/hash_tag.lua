-- An invariant that never holds, tagged as a test's name writes its tag.
return {
  name = "hash_tag", version = "1.0",
  setup = function(detent)
    detent.register_invariant("never_holds", function() return false, "it never holds" end, { tags = { "#guarded" } })
  end,
}
