-- How a live session evaluates a chunk (LiveSession.install): an expression first, else
-- statements, presented by the style asked for, its value cut at `limit` bytes.
local presentation, raw_load, set_limit = { present = __detent_present }, load, __detent_present_limit
__detent_present, __detent_present_limit = nil, nil
return function(code, name, style, limit)
  set_limit(limit)
  name = "=" .. (name or "eval")
  local fn, err = raw_load("return " .. code, name)
  if not fn then fn, err = raw_load(code, name) end
  if not fn then error(err, 0) end
  return (presentation[style] or presentation.present)(fn())
end, presentation
