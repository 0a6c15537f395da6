---@meta
-- Detent's scenario globals (SPEC §8–§9) for lua-language-server: structure (busted's),
-- waiting, gestures, tasks, the `detent` table and the test's `world`. Engine classes are in
-- engines.lua, assertions, spies and series in luassert.lua. Units: points, virtual seconds,
-- pt/s. Tests/DetentRuntimeTests/TypeDefinitionTests.swift fails when these drift from the
-- bindings.

--------------------------------------------------------------------------------------------
-- The world and the detent table

--- The running test's world (a fresh one per `it`, from config/runner.toml's device).
---@type detent.world
world = nil

--- Detent's own functions and values.
---@class detent
---@field version string Detent's version, e.g. "0.1.0".
detent = {}

--- Makes a world and makes it the test's `world` (handles of the previous one die).
--- `config` overrides any key of config/engine.toml's sections (`motion`, and each engine's:
--- navigation, drawer, sheet, adaptive, …) for this world only.
---@param options? {device?: string, orientation?: "portrait"|"landscape", config?: table<string, table<string, any>>}
---@return detent.world
function detent.world(options) end

--- Turns a plugin's invariant off for the running test.
---@param name string
function detent.disable_invariant(name) end

--- Declares an event the script emits itself (`world:emit`), so that `world:on` and
--- `wait_event` accept its name before its first emit; any other unknown name is an error.
---@param name string
function detent.event(name) end

--- The motion math of SPEC §2: timing curves, springs, projection, rubber band, velocity trackers.
---@class detent.motion
---@field curves string[] The built-in timing curve names.
detent.motion = {}

--- Eased progress of a named curve, or of a cubic bezier (x1, y1, x2, y2), at `progress` (0…1).
---@param name_or_x1 detent.CurveName|number
---@param progress_or_y1 number
---@param x2? number
---@param y2? number
---@param progress? number
---@return number
---@overload fun(name: detent.CurveName, progress: number): number
---@overload fun(x1: number, y1: number, x2: number, y2: number, progress: number): number
function detent.motion.curve(name_or_x1, progress_or_y1, x2, y2, progress) end

--- A spring written in any one dialect (docs/springs.md) — `{duration = 0.5, bounce = 0.3}`,
--- `{preset = "snappy"}`, `{response = 0.4, damping_fraction = 0.8}`, `{duration = 0.3,
--- damping_ratio = 0.7}` (UIKit), `{stiffness = 200, damping_ratio = 1}`, `{bounciness = 4,
--- speed = 12}` — read back in every form.
---@param options detent.SpringParameters
---@return detent.Spring
function detent.motion.spring(options) end

--- A spring in every equivalent form, with `displacement(t, x0, v0)` and `velocity(t, x0, v0)`
--- solving it (t in seconds, x0 in points, v0 in pt/s).
---@class detent.Spring
---@field mass number
---@field stiffness number mass·s⁻².
---@field damping number mass·s⁻¹.
---@field damping_ratio number ζ: 1 is critically damped, below 1 bounces.
---@field duration number SwiftUI's perceptual duration, 2π·√(m/k), seconds.
---@field bounce number SwiftUI's bounce: 1 − ζ, or 1/ζ − 1 when overdamped.
---@field response number SwiftUI's response (the same period as duration), seconds.
---@field damping_fraction number SwiftUI's dampingFraction (= damping_ratio).
---@field settling_duration number Seconds until a unit release from rest stays within 0.001 of its target (SwiftUI's settlingDuration); math.huge undamped.
---@field displacement fun(t: number, x0: number, v0?: number): number
---@field velocity fun(t: number, x0: number, v0?: number): number
local spring_table = {}

--- The SwiftUI spelling, e.g. `.spring(duration: 0.5, bounce: 0.3)` (numbers to 6 places).
---@return string
function spring_table:swift() end

--- Distance a flick at `velocity` (pt/s) travels decelerating at `rate` (UIScrollView's
--- "normal" 0.998 or "fast" 0.99 per ms, or a number); points.
---@param velocity number pt/s
---@param rate? "normal"|"fast"|number default config/engine.toml [motion]
---@return number
function detent.motion.project(velocity, rate) end

--- UIScrollView's rubber band: the on-screen offset for `offset` past the edge over `dimension`, points.
---@param offset number points
---@param dimension number points
---@param coefficient? number default 0.55
---@return number
function detent.motion.rubber_band(offset, dimension, coefficient) end

--- The release velocity a tracker measures from samples {{t, x}, …} (seconds, points); pt/s.
---@param strategy "lsq2"|"ios"|nil default config/engine.toml [motion]
---@param samples {[1]: number, [2]: number}[]
---@return number
function detent.motion.velocity(strategy, samples) end

--- Records the named properties every frame; `tr["drawer.origin"]` is a series for `assert.series`.
---@param names string[] e.g. {"drawer.origin", "sheet.height"}
---@return detent.trace
function trace(names) end

--- Runs `fn` alongside the test body (both may wait); the test ends when its body returns.
---@param fn fun()
function spawn(fn) end

--- Drops the next `count` frames, as a hitch does.
---@param count integer frames
function drop_frames(count) end

--- Rotates the device; engines hear of it (a split view may collapse or expand).
---@param orientation "portrait"|"landscape"
function rotate(orientation) end

--- Resizes the app window to an iPad multitasking width (config/devices.toml).
---@param options {width: number} points
function resize(options) end

--------------------------------------------------------------------------------------------
-- Structure (busted's)

--- A block of tests; `#tags` in the name select with --tags/--exclude-tags.
---@param name string
---@param body fun()
function describe(name, body) end

--- Same as describe.
---@param name string
---@param body fun()
function context(name, body) end

--- A test: it runs in a fresh world inside a coroutine, so it may wait. Without a body it is pending.
---@param name string
---@param body? fun()
function it(name, body) end

--- busted's name for it.
---@param name string
---@param body? fun()
function test(name, body) end

--- busted's name for it.
---@param name string
---@param body? fun()
function spec(name, body) end

--- A describe block whose changes to globals (and `package.loaded`) are undone after it.
---@param name string
---@param body fun()
function insulate(name, body) end

--- A describe block inside an insulate block that hands its changes to globals on.
---@param name string
---@param body fun()
function expose(name, body) end

--- Inside a running test (only there, as in busted): `fn` runs after the body, even when it
--- failed, and before after_each (one per test; a second call replaces it).
---@param fn fun()
function finally(fn) end

--- In a describe block (or at a file's top level): runs its tests and blocks in an order
--- shuffled from the run's seed; `randomize(false)` takes it back.
---@param on? boolean default true
function randomize(on) end

--- Outside a test, a pending test; inside one, ends it as skipped with the reason.
---@param name string
function pending(name) end

--- Runs before each test of the block (and nested blocks).
---@param body fun()
function before_each(body) end

--- Runs after each test of the block (and nested blocks), also when the test failed.
---@param body fun()
function after_each(body) end

--- Runs once before the block's first test; a failure errors every test of the block.
---@param body fun()
function setup(body) end

--- Runs once after the block's last test.
---@param body fun()
function teardown(body) end

--- busted's name for setup.
---@param body fun()
function lazy_setup(body) end

--- busted's name for teardown.
---@param body fun()
function lazy_teardown(body) end

--- busted's name for setup.
---@param body fun()
function strict_setup(body) end

--- busted's name for teardown.
---@param body fun()
function strict_teardown(body) end

--------------------------------------------------------------------------------------------
-- Waiting (yields to the run loop; virtual seconds; timeouts default to 10 s and name what
-- was awaited). Only the test body and spawn(fn) tasks may wait.

---@class detent.WaitOptions
---@field timeout? number Virtual seconds (default 10).

--- Waits `seconds` of virtual time (returns on the first frame at or after the deadline).
---@param seconds number
function wait(seconds) end

--- Waits `n` display-link frames.
---@param n integer
function wait_frames(n) end

--- Waits until `condition()` returns a truthy value (checked after every frame); returns it.
---@generic T
---@param condition fun(): T
---@param options? {timeout?: number, what?: string} `what` names the wait in a timeout's message.
---@return T
function wait_until(condition, options) end

--- Waits until nothing animates, no gesture is in flight, nothing is queued and every
--- property is unchanged across two frames.
---@param options? detent.WaitOptions
function wait_idle(options) end

--- Waits for the next event called `name` emitted after the call; returns it.
---@param name string
---@param options? detent.WaitOptions
---@return detent.Event
function wait_event(name, options) end

--------------------------------------------------------------------------------------------
-- Gestures (SPEC §8). A target is a part name ("navigation.back_button", "drawer.header",
-- "sheet.grabber", …) or a point {x =, y =}. They return the release velocity the tracker
-- measured, pt/s.

---@alias detent.Target string|detent.Point|{[1]: number, [2]: number}

--- Puts a finger down now (at a point or a target) and returns it; does not wait.
---@param x number|detent.Target points, or a target
---@param y? number points
---@return detent.touch
function touch(x, y) end

--- Touch, move and lift: `by = {dx, dy}` (or a number along the target's axis: horizontal
--- for a pager's page, vertical otherwise) or `to = target`, not both, over
--- `duration` seconds (default 0.3), optionally resting `hold` seconds before lifting.
---@param target detent.Target
---@param options {by?: number|{[1]: number, [2]: number}|detent.Point, to?: detent.Target, duration?: number, curve?: detent.CurveName, hold?: number}
---@return detent.Point
function drag(target, options) end

--- A quick stroke at constant `velocity` (pt/s; a number goes along the target's axis:
--- horizontal for a pager's page, vertical otherwise) over `distance`
--- points (default 100), lifted at once so the tracker measures it.
---@param target detent.Target
---@param options {velocity: number|detent.Point, distance?: number}
---@return detent.Point
function flick(target, options) end

--- A finger following recorded samples (what Detent Studio records): `{seconds after the
--- touch-down, x, y}` in time order, the first at 0; `up` (or `cancel`) when it lifts, in
--- seconds after the touch-down. Returns the release velocity when it lifted, else the touch.
---@param path {[integer]: {[1]: number, [2]: number, [3]: number}, up?: number, cancel?: number}
---@return detent.Point|detent.touch
function touch_path(path) end

--- Down, then up after about 50 ms (the lift comes with the next touch sample: 67 ms at 60 Hz).
---@param target detent.Target
---@return detent.Point
function tap(target) end

--- Drags the content so it scrolls by `by` points (positive scrolls down the content).
---@param target detent.Target
---@param options {by: number, duration?: number, curve?: detent.CurveName}
---@return detent.Point
function scroll(target, options) end

--- A finger from the left screen edge to progress × width; with a velocity (pt/s) it moves at
--- that speed and lifts at once, without one it moves over 0.35 s and rests 0.1 s.
---@param options? {progress?: number, velocity?: number, y?: number}
---@return detent.Point
function edge_swipe(options) end

--------------------------------------------------------------------------------------------
-- Plugins (SPEC §12): a file in scripts/plugins/ returning a descriptor whose setup receives
-- the plugin API (and, through it, the global `detent`'s fields).

---@class detent.Plugin
---@field name string
---@field version string
---@field requires? string e.g. "detent >= 0.1"
---@field setup fun(detent: detent.PluginAPI)

---@class detent.PluginAPI : detent
local plugin_api = {}

--- A target-selection policy drawers and sheets can name.
---@param name string
---@param fn fun(release: detent.Release): (number|string) an origin in points or an anchor name
function plugin_api.register_policy(name, fn) end

--- A timing curve: a function(progress) (sampled once) or four control points {x1, y1, x2, y2}.
---@param name string
---@param curve (fun(progress: number): number)|{[1]: number, [2]: number, [3]: number, [4]: number}
function plugin_api.register_curve(name, curve) end

--- A gesture macro, installed as a global function.
---@param name string
---@param fn function
function plugin_api.register_gesture(name, fn) end

--- An assertion (assert.<name>, with is/not modifiers); messages use %s per argument.
---@param name string
---@param fn fun(state: table, arguments: table, level: integer): boolean
---@param messages {positive: string, negative: string}
function plugin_api.register_assertion(name, fn, messages) end

--- An event handler attached to every world. The name is checked as `world:on` checks it.
---@param event string
---@param fn fun(event: detent.Event)
function plugin_api.on(event, fn) end

--- Declares an event the plugin emits (`world:emit`), so that `on`, `world:on` and
--- `wait_event` accept its name.
---@param name string
function plugin_api.event(name) end

--- A new kind of engine object defined in Lua: a rectangle in the window with named touch
--- regions and properties, stepped with the other engines (docs/plugins.md "Components").
--- Scenarios make instances with `world:component(name, options)`.
---@param name string
---@param definition detent.ComponentDefinition
function plugin_api.register_component(name, definition) end

---@class detent.ComponentDefinition
---@field properties? table<string, number|string|boolean> Names and initial values; numbers are world properties "<instance>.<name>".
---@field frame? {x?: number, y?: number, width?: number, height?: number} Window points; a missing side reaches the window's edge.
---@field regions? table<string, {x?: number, y?: number, width?: number, height?: number}> Touch regions in the frame's points; each is a target "<instance>.<region>".
---@field layer? "dimming"|"sheet"|"drawer_header"|"drawer_content"|"navigation_bar_items"|"screen_edge"|"pager"|"content" Where the regions sit in hit-testing (default content).
---@field began? fun(self: detent.Component, touch: detent.ComponentTouch) A touch landed in a region.
---@field moved? fun(self: detent.Component, touch: detent.ComponentTouch)
---@field ended? fun(self: detent.Component, touch: detent.ComponentTouch) It lifted or was cancelled.
---@field step? fun(self: detent.Component, dt: number, time: number) Every frame after the animators; seconds.
---@field layout? fun(self: detent.Component)
---@field methods? table<string, fun(self: detent.Component, ...: any): any> Extra methods of the handles.
---@field events? string[] The events `self:emit` may emit; each is the world event "<instance>.<event>".

--- A touch as a component's callbacks see it: window and frame points, pt/s.
---@class detent.ComponentTouch
---@field id integer
---@field region string
---@field phase "began"|"moved"|"ended"|"cancelled"
---@field x number
---@field y number
---@field local_x number
---@field local_y number
---@field start_x number
---@field start_y number
---@field dx number
---@field dy number
---@field vx number pt/s
---@field vy number pt/s

--- An instance of a plugin's component (`world:component`, and `self` in its callbacks): its
--- properties as fields, its definition's methods, and these.
---@class detent.Component
---@field name string The instance's name (prefixes its properties, parts and events).
---@field kind string The component's name.
---@field frame detent.Rect Window points; assigning a table moves the sides it gives.
---@field busy boolean Whether it keeps the world busy (assignable).
---@field data table The instance's own Lua table.
---@field [string] any Properties and methods of the definition.
local component_class = {}

--- Animates a numeric property from its value now; returns the animator.
---@param property string
---@param options {to: number, from?: number, duration?: number, curve?: detent.CurveName}
---@return detent.animator
function component_class:animate(property, options) end

--- Springs a numeric property (velocity in pt/s defaults to the driving animator's).
---@param property string
---@param options detent.SpringOptions
---@return detent.animator
function component_class:spring(property, options) end

--- Stops the animator driving `property`; returns its velocity (pt/s).
---@param property string
---@return number
function component_class:stop(property) end

--- Emits the world event "<instance>.<event>".
---@param event string
---@param payload? table<string, number|string|boolean>
function component_class:emit(event, payload) end

--- What an invariant that watches properties receives beside the world, each frame it is
--- checked: the watched values now and on the frame before (empty on the first frame it sees).
---@class detent.InvariantMotion
---@field frame integer the frame being checked
---@field time number its virtual time, seconds
---@field dt number seconds since the frame it last saw (0 on the first)
---@field current table<string, number?> each watched property's value now
---@field previous table<string, number?> each watched property's value on the frame before

--- A per-frame invariant: fn(world[, motion]) returns true, or false and a message (the test fails).
---@param name string
---@param fn fun(world: detent.world, motion?: detent.InvariantMotion): (boolean, string?)
---@param options? {tags?: string[], watch?: string[]} tags: only tests tagged so ("#bar" or "bar"); watch: properties whose last-frame values `motion` carries
function plugin_api.register_invariant(name, fn, options) end
