---@meta
-- Detent's engine handles (SPEC §3–§9) for lua-language-server: one class per binding in
-- Sources/DetentScripting, named detent.<class name the binding registers>. Fields read (and,
-- where noted, assign) engine state; methods are called with `:`. Units: points (pt) on the
-- window's coordinate system (y grows downwards), seconds (s) of virtual time, pt/s.
-- Tests/DetentRuntimeTests/TypeDefinitionTests.swift fails when these drift from the bindings.

---@alias detent.CurveName "linear"|"easeIn"|"easeOut"|"easeInEaseOut"|"default"|"sheet"|string A timing curve: a built-in name or one a plugin registered.
---@alias detent.PolicyName "ultradrawer"|"floatingpanel"|"nearest"|string A release policy: a built-in name or one a plugin registered.
---@alias detent.Policy detent.PolicyName|fun(release: detent.Release): (number|string) A name, or a function answering an origin (pt) or an anchor name.

--------------------------------------------------------------------------------------------
-- World

--- The test's world (`world`) or one made by `detent.world{...}`: virtual time, the device and
--- its window, the generic animators, events and the engines created on it.
---@class detent.world
---@field time number Virtual time of the last tick, seconds (the target timestamp: when the state you read is on screen).
---@field frame integer Display-link frames so far (skipped idle frames are counted too).
---@field device string Device name from config/devices.toml, e.g. "iPhone 15".
---@field orientation "portrait"|"landscape"
---@field width number Screen width, points.
---@field height number Screen height, points.
---@field window_width number The app window's width, points (the screen's, or an iPad multitasking width).
---@field size_class "compact"|"regular" The window's horizontal size class.
---@field multitasking string The iPad multitasking arrangement ("full" when none).
---@field refresh_rate string The display link's rate, e.g. "60 Hz" or "10–120 Hz" (ProMotion).
---@field busy boolean Whether anything animates, a gesture is in flight or work is queued.
---@field tick detent.Tick? The last display-link tick as CADisplayLink reports it, nil before the first.
---@field events detent.Event[] Events of the last frame (emitted since the frame began), oldest first.
local world_class = {}

--- A timing animation of a number from `from` to `to`, stepped every frame; read it as
--- `world:property("<name>.value")` or through the handle.
---@param options {from: number, to: number, duration?: number, curve?: detent.CurveName, name?: string} duration in seconds (default config/engine.toml [motion]).
---@return detent.animator
function world_class:animate(options) end

--- A spring animation from `from` to `to` (pt), starting at `velocity` (pt/s), written in any one
--- dialect (docs/springs.md): duration with bounce, a preset (with duration, extra_bounce),
--- response with damping_fraction, duration with damping_ratio (UIKit), stiffness with damping or
--- damping_ratio (and mass), or bounciness with speed; none: config/engine.toml [motion]'s spring.
---@param options detent.SpringOptions
---@return detent.animator
function world_class:spring(options) end

--- The animator called `name`, or nil.
---@param name string
---@return detent.animator?
function world_class:animator(name) end

--- The current value of a traceable property, e.g. "drawer.origin" (nil if no engine has it).
---@param name string
---@return number?
function world_class:property(name) end

--- Names of every property `trace` and `property` can read in this world now.
---@return string[]
function world_class:properties() end

--- Drops the next `count` frames (their work lands in the frame after), as a hitch does.
---@param count integer frames
function world_class:drop_frames(count) end

--- Drops `drop` frames every `every` frames from now on; `world:jank()` (no table) stops it.
---@param options? {every: integer, drop: integer} frames
function world_class:jank(options) end

--- Calls `handler(event)` for every event called `name` ("*": every event) from now on, as
--- the tick that emits it ends. Returns a token for `world:off`.
---@param name string
---@param handler fun(event: detent.Event)
---@return integer token
function world_class:on(name, handler) end

--- Removes the handler `world:on` returned `token` for.
---@param token integer
function world_class:off(token) end

--- Emits an event with payload fields (numbers, strings, booleans); name, frame and time are reserved.
---@param name string
---@param payload? table<string, number|string|boolean>
function world_class:emit(name, payload) end

--- Starts recording the named properties every frame (as the global `trace`).
---@param names string[] e.g. {"drawer.origin", "sheet.height"}
---@return detent.trace
function world_class:trace(names) end

--- A screen (a view controller's content): scrollable with `content_height`, or a stack layout.
---@param options detent.ScreenOptions
---@return detent.screen
function world_class:screen(options) end

--- A navigation stack (UINavigationController) full screen in this world.
---@param options? detent.NavigationOptions
---@return detent.navigation
function world_class:navigation(options) end

--- A pull-up drawer (UltraDrawerView) resting at its last anchor unless `at` names another.
---@param options detent.DrawerOptions
---@return detent.drawer
function world_class:drawer(options) end

--- A bottom sheet hosting a navigation stack, hidden until `present` (or `presented = true`).
---@param options detent.SheetOptions
---@return detent.sheet
function world_class:sheet(options) end

--- Pages side by side that a finger flicks through (SPEC §15), resting on page `at` (default 1).
---@param options detent.PagerOptions
---@return detent.pager
function world_class:pager(options) end

--- The adaptive split view whose primary column is a tab container (seed article 003).
---@param options detent.SplitOptions
---@return detent.split
function world_class:split(options) end

--- An instance of a plugin's component (docs/plugins.md "Components").
---@param name string the registered component's name
---@param options? {name?: string, frame?: {x?: number, y?: number, width?: number, height?: number}, [string]: any} property values by name
---@return detent.Component
function world_class:component(name, options) end

--- A tab container on its own (`alone` mode); its stack is the navigation named "navigation".
---@param options detent.TabsOptions
---@return detent.tabs
function world_class:tabs(options) end

--------------------------------------------------------------------------------------------
-- Animators and traces

--- A generic animator made by `world:animate` or `world:spring`.
---@class detent.animator
---@field name string
---@field value number Current value (the unit of from/to; usually points).
---@field velocity number Current velocity, units per second (pt/s).
---@field target number The value it animates towards.
---@field state "running"|"finished"|"stopped"
---@field finished boolean
---@field running boolean
---@field spring detent.Spring? A spring's constants in every form (as `detent.motion.spring{}` gives them); nil for a timing animation.
local animator_class = {}

--- Stops where it is; returns the velocity at the stop (pt/s).
---@return number
function animator_class:stop() end

--- Moves a spring's target, keeping position and velocity continuous (springs only).
---@param target number
function animator_class:retarget(target) end

--- A recorder started by `trace{...}`: one sample per frame of each named property.
--- `tr["drawer.origin"]` reads a series too.
---@class detent.trace
---@field [string] detent.TraceSeries
---@field names string[] The traced property names.
---@field count integer Frames recorded so far.
local trace_class = {}

--- The samples of one traced property (an error names the traced ones if it is not).
---@param name string
---@return detent.TraceSeries
function trace_class:series(name) end

--- Stops recording (the samples stay readable).
function trace_class:stop() end

--------------------------------------------------------------------------------------------
-- Touches

--- A finger put down by `touch(x, y)`: the handle's fields, and stroke methods that wait
--- until their samples are delivered. Release velocity is always what the tracker measured.
---@class detent.touch
---@field handle userdata The engine's touch handle behind this finger.
---@field id integer
---@field x number Current location, points.
---@field y number Current location, points.
---@field phase "began"|"moved"|"ended"|"cancelled"
---@field velocity detent.Point The velocity tracker's estimate as of the last delivered sample, pt/s: the release velocity once the finger lifted.
---@field part string? The part of its engine the touch-down hit ("header", "back_button", …), or nil.
---@field scheduled_end number When the last scheduled sample is due, virtual seconds.
---@field scheduled_x number Where the last scheduled sample puts the finger, points.
---@field scheduled_y number Where the last scheduled sample puts the finger, points.
---@field finished boolean Whether the finger has lifted.
local touch_class = {}

--- Moves the finger to (x, y) over `duration` seconds (default 0.3), eased by `curve`
--- (default linear), sampling at the device's touch rate; returns when the last sample is delivered.
---@param x number points
---@param y number points
---@param options? number|detent.StrokeOptions a duration in seconds, or {duration =, curve =}
---@return detent.touch self
function touch_class:move_to(x, y, options) end

--- Moves the finger by (dx, dy) points; see move_to.
---@param dx number points
---@param dy number points
---@param options? number|detent.StrokeOptions
---@return detent.touch self
function touch_class:move_by(dx, dy, options) end

--- Keeps the finger still for `seconds` (no samples: a rest over 40 ms zeroes the velocity).
---@param seconds number
---@return detent.touch self
function touch_class:hold(seconds) end

--- Lifts the finger one sample after its last one; returns the measured release velocity (pt/s).
---@return detent.Point
function touch_class:up() end

--------------------------------------------------------------------------------------------
-- Screens and navigation

--- A screen made by `world:screen{...}`.
---@class detent.screen
---@field id string
---@field title string? Assignable.
---@field frame detent.Rect Its frame in the window, points.
---@field x number Its frame's x, points (slides during transitions).
---@field content_top number Where its content starts, points from the window's top.
---@field safe_area detent.Insets Safe-area insets, points.
---@field safe_top number The top safe-area inset, points.
---@field additional_top number Additional top inset plus the navigation's bar compensation, points.
---@field bar_hidden boolean Whether it prefers the navigation bar hidden. Assignable.
---@field appearance "disappeared"|"appearing"|"appeared"|"disappearing"
---@field parent string? The name of the container it is in.
---@field lifecycle string[] UIKit lifecycle calls so far, in order ("viewWillAppear", …).
---@field content_height number Scroll content height, points (an assigned height applies to scrollable screens only). Assignable.
---@field prompt string? Assignable.
---@field large_title boolean Assignable.
---@field items table<string, detent.Rect>? A stack layout's item frames by id, nil for scroll content.
local screen_class = {}

--- Adds an item to the screen's stack layout (at `position`, 1-based; default last).
---@param item detent.StackItem
---@param position? integer
function screen_class:add_item(item, position) end

--- Removes the stack item `id`.
---@param id string
function screen_class:remove_item(id) end

--- Gives the stack item `id` a fixed size, points.
---@param id string
---@param size number points
function screen_class:resize_item(id, size) end

--- Hides (default) or shows the stack item `id`.
---@param id string
---@param hidden? boolean
function screen_class:hide_item(id, hidden) end

--- A navigation stack (UINavigationController). `stack` changes when an operation starts.
---@class detent.navigation
---@field name string The engine's name, the prefix of its world properties.
---@field depth integer Number of screens.
---@field bar_height number The bar's current height, points.
---@field bar_inset number The top inset the bar gives content, points.
---@field bar_hidden boolean
---@field bar_visibility number 0 hidden … 1 shown (animates).
---@field bar_style "system"|"attached" Assignable.
---@field progress number Progress of the running transition, 0…1.
---@field transitioning boolean
---@field interactive boolean Whether an interactive pop (edge swipe) is in progress.
---@field queued integer Operations waiting for the running transition.
---@field content_height number The top screen's content height, points, without the bar (what a sheet follows, adding the bar).
---@field stack detent.screen[] Screens bottom to top.
---@field top detent.screen? The top screen.
---@field compensates boolean Whether incoming content is compensated for bar height changes (assign only).
local navigation_class = {}

--- Pushes `screen` (animated unless `animated` is false).
---@param screen detent.screen
---@param animated? boolean default true
function navigation_class:push(screen, animated) end

--- Pops the top screen and returns it; mid-transition the pop is queued and nil returned.
---@param animated? boolean default true
---@return detent.screen?
function navigation_class:pop(animated) end

---@param animated? boolean default true
function navigation_class:pop_to_root(animated) end

--- Pops down to `screen`, which must be in the stack.
---@param screen detent.screen
---@param animated? boolean default true
function navigation_class:pop_to(screen, animated) end

--- Replaces the stack; animates as a pop when the new top was in the stack, else as a push.
---@param screens detent.screen[]
---@param animated? boolean default true
function navigation_class:set(screens, animated) end

---@param hidden boolean
---@param animated? boolean default true
function navigation_class:set_bar_hidden(hidden, animated) end

--- The bar height `screen` gets in this stack (prompt, large title), points.
---@param screen detent.screen
---@return number
function navigation_class:bar_height_for(screen) end

--- Where `screen`'s bar items are now (title and back button), or nil.
---@param screen detent.screen
---@return {title_x: number, title_alpha: number, back_x: number, back_alpha: number}?
function navigation_class:item(screen) end

--------------------------------------------------------------------------------------------
-- Drawer and sheet

--- A pull-up drawer (SPEC §6). Origin is the top of its header in the window, points.
---@class detent.drawer
---@field name string The engine's name, the prefix of its world properties.
---@field origin number Points from the window's top.
---@field anchor string? The anchor it rests at, nil while moving.
---@field state "resting"|"dragging"|"settling"
---@field velocity number pt/s (positive: downwards): while a finger carries the drawer, what a release then would carry (its tracked velocity; 0 once it rests over 40 ms); the spring's while settling; 0 at rest.
---@field release_velocity number Velocity of the last release, pt/s.
---@field interrupted_velocity number Velocity when the last settling was interrupted by a finger, pt/s.
---@field anchors detent.NamedOrigin[] Anchors top to bottom with their origins (points).
---@field limits {lower: number, upper: number} Origins the drawer may rest between, points.
---@field content_offset number The content's scroll offset, points. Assignable.
---@field content_height number The content's height, points.
---@field header_height number Points.
---@field policy string The release policy's name; assign a name or a function(release). Assignable.
---@field bounces boolean Rubber-bands past its limits. Assignable.
local drawer_class = {}

--- Replaces the anchors: names ("top", "middle", "bottom", "dismissed", "fit") or tables.
---@param anchors (string|detent.AnchorSpec)[]
function drawer_class:set_anchors(anchors) end

--- Jumps to the anchor `name` (no animation).
---@param name string
function drawer_class:move_to(name) end

--- Animates to the anchor `name` on the settling spring.
---@param name string
function drawer_class:animate_to(name) end

--- The origin of anchor `name`, points.
---@param name string
---@return number
function drawer_class:anchor_origin(name) end

--- A bottom sheet hosting a navigation stack (SPEC §5). Height is its visible part.
---@class detent.sheet
---@field name string The engine's name, the prefix of its world properties.
---@field height number Visible height, points.
---@field top number Its top edge in the window, points.
---@field cap number The highest it may be (screen minus safe top), points.
---@field state "hidden"|"presenting"|"resting"|"dragging"|"settling"|"dismissing"
---@field detent string? The detent it rests at.
---@field target_detent string? The detent it is heading to.
---@field detents detent.SheetDetent[] Detents with their heights (points).
---@field presented boolean
---@field velocity number The top edge's velocity, pt/s (positive: downwards, shrinking): while a finger carries the sheet, what a release then would carry (its tracked velocity; 0 once it rests over 40 ms); its animation's otherwise.
---@field dimming number Dimming alpha, 0…1.
---@field release_velocity number pt/s.
---@field interrupted_velocity number pt/s.
---@field content_height number What the `content` detent fits, points.
---@field content_offset number The top screen's scroll offset, points (0 for a stack layout).
---@field dismissible boolean Assignable.
---@field dims_tap boolean Whether a tap on the dimming dismisses it. Assignable.
---@field policy string The release policy's name; assign a name or a function(release). Assignable.
---@field navigation detent.navigation The stack it presents.
local sheet_class = {}

--- Presents the sheet (animated by default) at `detent` (default: its smallest).
---@param options? {detent?: string, animated?: boolean}
function sheet_class:present(options) end

---@param options? {animated?: boolean}
function sheet_class:dismiss(options) end

--- Replaces the detents: "content", "medium", "large", a height in points, or tables.
---@param detents (string|number|{name?: string, height?: number, kind?: "content"|"medium"|"large"})[]
function sheet_class:set_detents(detents) end

--- Jumps to the detent `name`.
---@param name string
function sheet_class:move_to(name) end

--- Animates to the detent `name`.
---@param name string
function sheet_class:animate_to(name) end

--- The height of detent `name`, points.
---@param name string
---@return number
function sheet_class:detent_height(name) end

--------------------------------------------------------------------------------------------
-- Pager

--- A horizontally paging scroll view (SPEC §15). `offset` is contentOffset.x: page i rests at
--- (i − 1) · stride, points.
---@class detent.pager
---@field name string The engine's name, the prefix of its world properties.
---@field offset number contentOffset.x, points: page i rests at (i − 1) · stride.
---@field position number offset / stride + 1: the page shown, fractional between pages.
---@field page integer The page it rests at; while moving, the page nearest the offset.
---@field state "resting"|"dragging"|"settling"
---@field target_page integer? The page it settles to, nil unless settling.
---@field velocity number Offset space, pt/s (positive: toward later pages): while a finger drags, what a release then would carry (its tracked velocity negated; 0 once it rests over 40 ms); the spring's while settling; 0 at rest.
---@field release_velocity number Offset-space velocity of the last release (the finger's x velocity negated), pt/s.
---@field projection number Where the last release projected the offset, points; nil before the first release.
---@field interrupted_velocity number Velocity when a finger last caught the settling spring, pt/s.
---@field pages integer How many pages.
---@field page_width number Width of a page, points (the window's unless given).
---@field spacing number Gap between pages, points.
---@field stride number page_width + spacing, points.
---@field top number The frame's top that takes touches, points from the window's top.
---@field height number The frame's height, points.
local pager_class = {}

--- Jumps to page `page` (no animation).
---@param page integer
function pager_class:move_to(page) end

--- Scrolls to page `page` on the settling spring.
---@param page integer
function pager_class:animate_to(page) end

--------------------------------------------------------------------------------------------
-- Split view and tabs

--- The adaptive split view (SPEC §7).
---@class detent.split
---@field name string The engine's name, the prefix of its world properties.
---@field collapsed boolean Whether one column shows (traced as 1 or 0).
---@field state "expanded"|"collapsing"|"collapsed"|"expanding"
---@field primary_width number Points.
---@field secondary_width number Points (0 when collapsed).
---@field tabs detent.tabs The tab container in the primary column.
---@field primary detent.navigation
---@field secondary detent.navigation
---@field placeholder detent.screen
local split_class = {}

--- Shows `screen` as the detail (UISplitViewController.showDetailViewController); `sender` is
--- `split.tabs`, "primary", a screen, a navigation, or nil.
---@param screen detent.screen
---@param sender? detent.tabs|detent.screen|detent.navigation|"primary"|"secondary"|"other"
function split_class:show_detail(screen, sender) end

--- A tab container (alone, or embedded in a split view).
---@class detent.tabs
---@field name string The engine's name, the prefix of its world properties.
---@field mode "alone"|"embedded"
---@field bar_alpha number 0…1 (fades over 0.25 s).
---@field depth integer Depth of the selected tab's stack as the container counts it.
---@field selected_index integer 1-based. Selecting by assignment asks no should_select and emits no event. Assignable.
---@field bar_height number Points.
---@field bar_hidden boolean
---@field bar_frame detent.Rect Points.
---@field selected detent.screen The selected tab's root.
---@field roots detent.screen[]
---@field stack detent.screen[]
---@field navigation detent.navigation
---@field should_select (fun(index: integer, screen: detent.screen): boolean)? Asked before a tap selects a tab (assign only).
local tabs_class = {}

--- A user's tap on tab `index`: true when selected, false when should_select refused.
---@param index integer 1-based
---@return boolean
function tabs_class:select(index) end

---@param screen detent.screen
---@param animated? boolean default true
function tabs_class:push(screen, animated) end

---@param animated? boolean default true
---@return detent.screen?
function tabs_class:pop(animated) end

---@param animated? boolean default true
function tabs_class:pop_to_root(animated) end

--------------------------------------------------------------------------------------------
-- Option tables

---@class detent.SpringOptions : detent.SpringParameters
---@field from number
---@field to number
---@field velocity? number pt/s (default 0).
---@field name? string

--- A spring in one dialect (docs/springs.md); keys of two dialects together are refused.
---@class detent.SpringParameters
---@field duration? number SwiftUI's perceptual duration, seconds (default 0.5), with bounce; UIKit's animation duration with damping_ratio; or a preset's.
---@field bounce? number SwiftUI's bounce, more than -1 and at most 1 (default 0).
---@field preset? "smooth"|"snappy"|"bouncy"|"interactive" SwiftUI's named springs (bounce 0, 0.15, 0.3, 0.14).
---@field extra_bounce? number Added to the preset's bounce.
---@field response? number SwiftUI's response, seconds (default 0.5), with damping_fraction.
---@field damping_fraction? number SwiftUI's dampingFraction (ζ).
---@field stiffness? number mass·s⁻² (with mass, damping or damping_ratio).
---@field damping? number mass·s⁻¹.
---@field damping_ratio? number ζ, 1 = critically damped: with stiffness, response or duration (UIKit's dampingRatio), or alone over the configured spring.
---@field mass? number Default 1.
---@field bounciness? number Facebook POP's, with speed.
---@field speed? number POP's (default 12).

---@class detent.ScreenOptions
---@field id string
---@field title? string
---@field prompt? string
---@field large_title? boolean
---@field bar_hidden? boolean
---@field back_title? string
---@field hides_back? boolean
---@field left_items? string[]
---@field right_items? string[]
---@field content_height? number Points (scrollable content).
---@field stack? detent.StackOptions A stack layout instead of scroll content.
---@field tab? string The tab bar item's title.

---@class detent.StackOptions
---@field axis? "vertical"|"horizontal"
---@field size? "auto"|number "auto" fits the items; a number is points.
---@field distribution? "start"|"end"|"equal"
---@field alignment? "stretch"|"start"|"center"|"end"
---@field spacing? number Points.
---@field padding? number Points on every side.
---@field items? detent.StackItem[]

---@class detent.StackItem
---@field id string
---@field size? number Points (the basis with grow).
---@field grow? number Share of the free space.
---@field cross? number Cross-axis size, points (default stretch).
---@field align? "stretch"|"start"|"center"|"end"
---@field hidden? boolean

---@class detent.NavigationOptions
---@field screens? detent.screen[]
---@field name? string Default "navigation".
---@field bar_style? "system"|"attached"
---@field bar_hidden? boolean
---@field in_sheet? boolean
---@field compensates? boolean

---@class detent.PagerOptions
---@field pages integer How many pages (at least 1).
---@field page_width? number Points; the window's width (and it follows rotation) unless given.
---@field spacing? number Gap between pages, points (default 0).
---@field at? integer The page it starts on (default 1).
---@field top? number The top of the frame that takes touches, points (default the safe area's top).
---@field height? number The frame's height, points (default the window between the safe insets).
---@field name? string The engine's name (default "pager").

---@class detent.DrawerOptions
---@field anchors (string|detent.AnchorSpec)[] e.g. {"top", "middle", "bottom"}
---@field header? number Header height, points.
---@field content_height? number Points.
---@field content_inset? number Top content inset, points.
---@field policy? detent.Policy
---@field bounces? boolean Default true.
---@field at? string The anchor it starts at (default the last).
---@field name? string Default "drawer".

---@class detent.AnchorSpec
---@field name? string
---@field top? number Points from the window's top.
---@field bottom? number Points from the window's bottom.
---@field fraction? number 0…1 of the screen's height.
---@field fit? boolean Fits the content.
---@field state? string A named state ("top", "middle", …).

---@class detent.SheetOptions
---@field screens detent.screen[]
---@field detents? (string|number|table)[] Default {"content"}.
---@field dismissible? boolean Default true.
---@field dims_tap? boolean
---@field policy? detent.Policy
---@field presented? boolean Present at once (no animation).
---@field detent? string Where a presented sheet starts.
---@field name? string Default "sheet".
---@field bar_style? "system"|"attached"
---@field bar_hidden? boolean

---@class detent.SplitOptions
---@field tabs detent.screen[] The root screen of each tab, in bar order.
---@field selected? integer 1-based (default 1).
---@field placeholder? detent.screen
---@field should_select? fun(index: integer, screen: detent.screen): boolean

---@class detent.TabsOptions
---@field tabs detent.screen[]
---@field selected? integer 1-based (default 1).
---@field should_select? fun(index: integer, screen: detent.screen): boolean

---@class detent.StrokeOptions
---@field duration? number Seconds (default 0.3).
---@field curve? detent.CurveName Default linear.

--------------------------------------------------------------------------------------------
-- Values the API hands out

---@class detent.Point
---@field x number
---@field y number

---@class detent.Rect
---@field x number Points.
---@field y number Points.
---@field width number Points.
---@field height number Points.

---@class detent.Insets
---@field top number Points.
---@field left number Points.
---@field bottom number Points.
---@field right number Points.

---@class detent.NamedOrigin
---@field name string
---@field origin number Points.

---@class detent.SheetDetent
---@field name string
---@field height number Points.

--- An event: its name, the frame and virtual time (s) it was emitted at, and its engine's fields.
---@class detent.Event
---@field name string
---@field frame integer
---@field time number Seconds.
---@field [string] any

--- A display-link tick, as CADisplayLink reports it (seconds).
---@class detent.Tick
---@field frame integer
---@field timestamp number
---@field target_timestamp number
---@field duration number
---@field dropped integer Frames dropped before this one.

--- One traced property: aligned arrays of sample times (s), frames and values.
---@class detent.TraceSeries
---@field name string
---@field times number[]
---@field frames integer[]
---@field values number[]

--- What a release policy is asked: the release origin (pt) and velocity (pt/s), where it would
--- rest, the anchors, and `project(rate?)`: where it comes to rest decelerating at `rate` per ms
--- ("fast", "normal" or a number in (0, 1)).
---@class detent.Release
---@field origin number Points.
---@field velocity number pt/s.
---@field resting_origin number Points.
---@field anchors detent.NamedOrigin[]
---@field project fun(rate?: "fast"|"normal"|number): number
