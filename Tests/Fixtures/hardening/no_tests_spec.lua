-- Replaces describe before calling it: no test is registered, so nothing may "pass".
describe = function() end
describe("never registered", function() it("would fail", function() error("x") end) end)
