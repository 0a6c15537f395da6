return function(s, p) return string.find(s, p) ~= nil end
-- Whether a test's name matches a Lua pattern, as busted's --filter does (ScriptHost.matches);
-- on line 1, which the error of a malformed pattern names ("(detent filter):1: ") and
-- ScriptHost.matches removes.
