-- The console's presenter (LiveSession.installConsole): the default presenter's JSON, with the
-- text as the console prints it.
local console = ...
return function(default)
  return function(...)
    local _, json, n = default(...)
    return console.present(...), json, n
  end
end
