-- A component (SPEC §12, docs/plugins.md "Components"): the pull-to-refresh header above a
-- scroll view, as UIRefreshControl behaves.
--
--   local ptr = world:component("pull_to_refresh", { frame = { y = 100, height = 600 } })
--   drag("pull_to_refresh.content", { by = { 0, 200 } })   -- pulls; released past the threshold…
--   assert.are.equal("refreshing", ptr.state)               -- …the header stays open at `height`
--   ptr:end_refreshing()                                    -- the app's data arrived: it closes
--
-- Pulling the content down shows the header. The pull is rubber-banded over the frame's
-- height (SPEC §2: c = 0.55), so the header moves less than the finger, more and more so.
-- Released past `threshold` the header springs open to `height` and stays there while
-- `state` is "refreshing" (event "<name>.refresh"); released short of it, it springs back
-- to 0. The springs start with the finger's release velocity, measured by the velocity
-- tracker and carried through the rubber band's slope.
--
-- Properties: offset (pt the header shows; traceable as "<name>.offset"), threshold (pt),
-- height (pt), refreshes (how many refreshes began), state ("idle", "pulling", "armed" once
-- past the threshold, "refreshing").
local COEFFICIENT = 0.55

return {
  name = "pull_to_refresh",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    local rubber_band = detent.motion.rubber_band

    -- The pull (finger travel, pt) that shows `offset` through the rubber band: its inverse.
    local function pull_for(offset, dimension)
      if offset <= 0 then return 0 end
      return offset * dimension / ((dimension - offset) * COEFFICIENT)
    end

    -- d offset / d pull at `pull`: how much of the finger's speed the header moves with.
    local function slope(pull, dimension)
      local k = pull * COEFFICIENT / dimension + 1
      return COEFFICIENT / (k * k)
    end

    -- Critically damped, so the header never swings past where it is going.
    local function spring_to(self, target, velocity)
      self:spring("offset", { to = target, velocity = velocity, damping_ratio = 1, response = 0.35 })
    end

    detent.register_component("pull_to_refresh", {
      properties = { offset = 0, threshold = 60, height = 50, refreshes = 0, state = "idle" },
      -- The scroll view: by default the whole window; scenarios place it with frame = {...}.
      frame = {},
      -- The content can be pulled anywhere on it.
      regions = { content = {} },
      -- "<name>.refresh" when a release starts refreshing, "<name>.ended" when it is over.
      events = { "refresh", "ended" },

      -- self.data.pull: the finger's pull (pt) while a finger holds the header, else nil.
      began = function(self, touch)
        -- The finger catches the header wherever it is (a running spring stops there).
        self:stop("offset")
        self.data.start_pull = pull_for(self.offset, self.frame.height)
        self.data.pull = self.data.start_pull
        if self.state ~= "refreshing" then self.state = "pulling" end
      end,

      moved = function(self, touch)
        local pull = math.max(0, self.data.start_pull + touch.dy)
        self.data.pull = pull
        self.offset = rubber_band(pull, self.frame.height, COEFFICIENT)
        if self.state ~= "refreshing" then
          self.state = self.offset >= self.threshold and "armed" or "pulling"
        end
      end,

      ended = function(self, touch)
        local velocity = touch.vy * slope(self.data.pull, self.frame.height)
        if self.state == "armed" then
          self.state = "refreshing"
          self.refreshes = self.refreshes + 1
          self:emit("refresh", { offset = self.offset })
        end
        if self.state == "refreshing" then
          spring_to(self, self.height, velocity)
        else
          self.state = "idle"
          spring_to(self, 0, velocity)
        end
        self.data.pull = nil
      end,

      methods = {
        -- The refresh is over (the app's data arrived): the header closes, now or, if a
        -- finger holds it, when the finger lifts. Event "<name>.ended".
        end_refreshing = function(self)
          if self.state ~= "refreshing" then return end
          self.state = "idle"
          self:emit("ended")
          if self.data.pull == nil then spring_to(self, 0) end
        end,
      },
    })
  end,
}
