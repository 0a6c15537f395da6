-- Pure Lua work for the instruction-counting benchmark (docs/architecture.md, BENCHMARKS.md):
-- a 20 M-iteration table-read loop plus fib(27). Run as a plain script by `detent run` and `lua5.4`.
local t = { value = 1 }
local sum = 0
for i = 1, 20000000 do sum = sum + t.value end
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print(sum, fib(27))
