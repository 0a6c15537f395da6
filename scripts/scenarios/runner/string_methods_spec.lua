-- Every string shares one metatable, and what a file does to it lasts for the file's tests, as
-- under busted: Penlight's stringx.format_operator() in a setup gives strings `%` for the
-- tests after it. Only math.random is reseeded before each test; the next file starts from a
-- pristine state.
describe("strings between tests", function()
  randomize(false)   -- the last test needs what the one before it added, even under --shuffle

  setup(function()
    getmetatable("").__mod = function(format, values)
      if type(values) ~= "table" then values = { values } end
      return format:format(table.unpack(values))
    end
    string.shout = function(s) return s:upper() .. "!" end
  end)

  it("get `%` from the setup", function()
    assert.equal("[home]", "[%s]" % "home")
  end)

  it("keep what an earlier test added to their library", function()
    assert.equal("HEY!", ("hey"):shout())
    string.whisper = function(s) return s:lower() .. "…" end
  end)

  it("still have it in the test after that", function()
    assert.equal("fred = 42", "%s = %d" % { "fred", 42 })
    assert.equal("psst…", ("PSST"):whisper())
  end)
end)
