-- What Detent's Lua prelude costs to compile, and to load as bytecode instead, under plain
-- lua5.4 (the same liblua Detent links): every .lua file under FOLDER, compiled with `load`,
-- dumped with `string.dump` (debug information kept, as Detent keeps it) and loaded back.
-- Prints the first pass (a fresh process, as a worker's start is) and the mean of 20 more.
--   lua5.4 scripts/bench/prelude_compile.lua Sources/DetentScripting/Lua
local folder = assert(arg[1], "usage: lua5.4 scripts/bench/prelude_compile.lua FOLDER")
local sources = {}
for path in io.popen("find '" .. folder:gsub("'", "'\\''") .. "' -name '*.lua' | sort"):lines() do
  local f = assert(io.open(path, "rb"))
  sources[#sources + 1] = { path, f:read("a") }
  f:close()
end
local clock = os.clock
local function pass()
  local t0, dumps = clock(), {}
  for i, s in ipairs(sources) do dumps[i] = string.dump(assert(load(s[2], "=" .. s[1]))) end
  local t1 = clock()
  for _, d in ipairs(dumps) do assert(load(d, "prelude", "b")) end
  return t1 - t0, clock() - t1
end
local bytes = 0
for _, s in ipairs(sources) do bytes = bytes + #s[2] end
local compile, undump = pass()
print(("%d files, %d bytes; first pass: compile and dump %.2f ms, load the bytecode %.2f ms"):format(#sources, bytes, compile * 1e3, undump * 1e3))
local c, u = 0, 0
for _ = 1, 20 do local a, b = pass(); c, u = c + a, u + b end
print(("mean of 20 more: compile and dump %.2f ms, load the bytecode %.2f ms"):format(c / 20 * 1e3, u / 20 * 1e3))
