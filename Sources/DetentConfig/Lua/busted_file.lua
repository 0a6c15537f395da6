-- Reads a .busted file (BustedFile.swift): runs its chunk, merges task `task` over `_all` and
-- returns its keys flattened — `key \1 type \1 value`, a list as `key \1 list \1 v1 \1 v2 …` — sorted.
local chunk, task = ...
local config = chunk()
if type(config) ~= "table" then error("must return a table of tasks, like { default = { ROOT = {'spec'} } } (it returned " .. type(config) .. ")", 0) end
local names = {}
for name in pairs(config) do if name ~= "_all" then names[#names + 1] = tostring(name) end end
table.sort(names)
local chosen = config[task]
if chosen == nil and task ~= "default" then
  error("has no task '" .. task .. "' (tasks: " .. table.concat(names, ", ") .. ")", 0)
end
local merged = {}
for _, t in ipairs({ config._all or {}, chosen or {} }) do
  if type(t) ~= "table" then error("a task must be a table of options", 0) end
  for k, v in pairs(t) do merged[k] = v end
end
local out = {}
for k, v in pairs(merged) do
  if type(v) == "table" then
    local items = {}
    for i, item in ipairs(v) do items[i] = tostring(item) end
    out[#out + 1] = tostring(k) .. "\1list\1" .. table.concat(items, "\1")
  else
    out[#out + 1] = tostring(k) .. "\1" .. type(v) .. "\1" .. tostring(v)
  end
end
table.sort(out)
return out
