import DetentJSON
import DetentLayout
import DetentLua
import DetentNavigation
import DetentWorld

/// `world:screen{...}`, `world:navigation{...}` and their handles (SPEC §3, §4).
enum NavigationBinding {
    static let screenClass = "screen"
    static let navigationClass = "navigation"

    // MARK: Screens

    static func makeScreenClass() -> LuaClass<Screen> {
        let cls = LuaClass<Screen>(name: screenClass)
        cls.describe = { "screen \($0.id)" }
        cls.field("id", "string", "") { s, c in c.push(s.id) }
        cls.field("title", "string?", "", get: { s, c in if let t = s.title { c.push(t) } else { c.pushNil() } }, set: { s, c in s.title = try c.optionalString(3); s.navigationItem.title = s.title })
        cls.field("frame", "detent.Rect", "Its frame in the window, points.") { s, c in c.push(rect(s.frame)) }
        cls.numberField("x", "number", "Its frame's x, points (slides during transitions).") { s in s.frame.x }
        cls.numberField("content_top", "number", "Where its content starts, points from the window's top.") { s in s.contentTop }
        cls.field("safe_area", "detent.Insets", "Safe-area insets, points.") { s, c in c.push(insets(s.safeAreaInsets)) }
        cls.numberField("safe_top", "number", "The top safe-area inset, points.") { s in s.safeAreaInsets.top }
        // The screen's own additional top inset plus the navigation's compensation.
        cls.numberField("additional_top", "number", "Additional top inset plus the navigation's bar compensation, points.") { s in s.additionalSafeAreaInsets.top + s.barCompensation }
        cls.field("bar_hidden", "boolean", "Whether it prefers the navigation bar hidden.", get: { s, c in c.push(s.navigationItem.prefersBarHidden) }, set: { s, c in s.navigationItem.prefersBarHidden = c.boolean(3) })
        cls.field("appearance", "\"disappeared\"|\"appearing\"|\"appeared\"|\"disappearing\"", "") { s, c in c.push(s.appearance.rawValue) }
        cls.field("parent", "string?", "The name of the container it is in.") { s, c in if let p = s.parentName { c.push(p) } else { c.pushNil() } }
        cls.field("lifecycle", "string[]", "UIKit lifecycle calls so far, in order (\"viewWillAppear\", …).") { s, c in c.push(.array(s.lifecycle.map { .string($0) })) }
        cls.field("content_height", "number", "Scroll content height, points (an assigned height applies to scrollable screens only).", get: { s, c in c.push(s.content.height) }, set: { s, c in
                let height = try c.number(3, "content_height", .length)
                guard case var .scroll(scroll) = s.content else { throw LuaRaise("content_height is for scrollable screens; screen '\(s.id)' has a stack layout (use add_item, resize_item)") }
                scroll.contentHeight = height
                s.content = .scroll(scroll)
            })
        cls.field("prompt", "string?", "", get: { s, c in if let p = s.navigationItem.prompt { c.push(p) } else { c.pushNil() } }, set: { s, c in s.navigationItem.prompt = try c.optionalString(3) })
        cls.field("large_title", "boolean", "", get: { s, c in c.push(s.navigationItem.largeTitle == .always) }, set: { s, c in s.navigationItem.largeTitle = c.boolean(3) ? .always : .never })
        cls.field("items", "table<string, detent.Rect>?", "A stack layout's item frames by id, nil for scroll content.") { s, c in
                guard case let .stack(model) = s.content, let result = try? model.layout(crossLength: s.frame.width) else { c.pushNil(); return }
                c.push(.record(result.frames.map { ($0.id, rect($0.frame)) }))
            }
        cls.methods = [
            "add_item": { s, c in try editStack(s, c) { model in try model.add(try stackItem(c.table(2)), at: try c.optionalNumber(3, "position", .index).map { Int($0) - 1 }) } },
            "remove_item": { s, c in try editStack(s, c) { model in try model.remove(id: try c.string(2)) } },
            "resize_item": { s, c in try editStack(s, c) { model in try model.resize(id: try c.string(2), to: .fixed(try c.number(3, "size", .length))) } },
            "hide_item": { s, c in try editStack(s, c) { model in try model.setHidden(id: try c.string(2), !c.isNoneOrNil(3) ? c.boolean(3) : true) } },
        ]
        return cls
    }

    /// Applies a stack-layout edit; when an `auto` stack's length changes, emits
    /// `screen.content_size_changed` (SPEC §3), which the sheet will follow.
    private static func editStack(_ screen: Screen, _ call: LuaCall, _ edit: (inout StackLayoutModel) throws -> StackLayoutEvent?) throws -> Int32 {
        guard case var .stack(model) = screen.content else {
            throw LuaRaise("screen '\(screen.id)' has scrollable content, not a stack layout (give it stack = {...})")
        }
        let event: StackLayoutEvent?
        do { event = try edit(&model) } catch let error as StackLayoutError { throw LuaRaise(error.description) }
        screen.content = .stack(model)
        if case let .sizeChanged(old, new)? = event {
            try ScriptHost.of(call).requireWorld().emit("screen.content_size_changed",
                [("screen", .string(screen.id)), ("old", .number(old)), ("new", .number(new))])
        }
        return 0
    }

    static func makeScreen(_ options: LuaTableArgument) throws -> Screen {
        try options.rejectUnknownKeys(["id", "title", "prompt", "large_title", "bar_hidden", "back_title", "hides_back", "left_items", "right_items",
                                       "content_height", "stack", "tab"])
        guard let id = try options.string("id") else { throw LuaRaise("screen needs an id, like world:screen{id = \"inbox\"}") }
        let content: ScreenContent
        if let stack = try options.table("stack") {
            content = .stack(try stackModel(stack))
        } else {
            content = .scroll(ScrollContent(contentHeight: try options.number("content_height", .length) ?? 0))
        }
        let screen = Screen(id: id, title: try options.string("title"), content: content)
        screen.navigationItem.prompt = try options.string("prompt")
        screen.navigationItem.largeTitle = try options.boolean("large_title") == true ? .always : .never
        screen.navigationItem.prefersBarHidden = try options.boolean("bar_hidden") ?? false
        screen.navigationItem.backButtonTitle = try options.string("back_title")
        screen.navigationItem.hidesBackButton = try options.boolean("hides_back") ?? false
        screen.navigationItem.leftItems = try options.table("left_items")?.stringArray() ?? []
        screen.navigationItem.rightItems = try options.table("right_items")?.stringArray() ?? []
        if let tab = try options.string("tab") { screen.tabItem = TabItem(title: tab) }
        return screen
    }

    private static func stackModel(_ t: LuaTableArgument) throws -> StackLayoutModel {
        try t.rejectUnknownKeys(["axis", "size", "distribution", "alignment", "spacing", "padding", "items"])
        let axis = try choice(t.string("axis") ?? "vertical", LayoutAxis.self, "axis")
        let size: StackSizeMode
        if t.fieldType("size") == .number, let length = try t.number("size", .length) { size = .fixed(length) }
        else if let mode = try t.string("size"), mode != "auto" { throw LuaRaise("stack.size must be \"auto\" or a number of points, got \"\(mode)\"") }
        else { size = .auto }
        let configuration = StackConfiguration(axis: axis, sizeMode: size,
                                               distribution: try choice(t.string("distribution") ?? "start", StackDistribution.self, "distribution"),
                                               alignment: try choice(t.string("alignment") ?? "stretch", StackAlignment.self, "alignment"),
                                               spacing: try t.number("spacing", .length) ?? 0,
                                               padding: Insets(all: try t.number("padding", .length) ?? 0))
        var items: [StackItem] = []
        if let list = try t.table("items") {
            for element in try list.tableArray() { items.append(try stackItem(element)) }
        }
        do { return try StackLayoutModel(StackLayout(configuration, items: items)) } catch let error as StackLayoutError {
            throw LuaRaise(error.description)
        }
    }

    /// A stack item's share of the free space (flex-grow): 0 or more, up to 1e6.
    static let growFactor = NumberRule(0...1e6)

    private static func stackItem(_ t: LuaTableArgument) throws -> StackItem {
        try t.rejectUnknownKeys(["id", "size", "grow", "cross", "align", "hidden"])
        guard let id = try t.string("id") else { throw LuaRaise("a stack item needs an id") }
        let main: StackMainSize
        if let grow = try t.number("grow", NavigationBinding.growFactor) { main = .grow(grow, basis: try t.number("size", .length) ?? 0) }
        else { main = .fixed(try t.number("size", .length) ?? 0) }
        let cross: StackCrossSize = try t.number("cross", .length).map { .fixed($0) } ?? .stretch
        let align = try t.string("align").map { try choice($0, StackAlignment.self, "align") }
        return StackItem(id: id, mainSize: main, crossSize: cross, alignSelf: align, isHidden: try t.boolean("hidden") ?? false)
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ value: String, _ type: T.Type, _ key: String) throws -> T where T.RawValue == String {
        guard let parsed = T(rawValue: value) else {
            throw LuaRaise("\(key) '\(value)' is not valid (expected one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return parsed
    }

    static func rect(_ r: Rect) -> LuaValue {
        .record([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
    }

    static func insets(_ i: Insets) -> LuaValue {
        .record([("top", .number(i.top)), ("left", .number(i.left)), ("bottom", .number(i.bottom)), ("right", .number(i.right))])
    }

    // MARK: Navigation

    static func makeNavigationClass() -> LuaClass<NavigationEngine> {
        let cls = LuaClass<NavigationEngine>(name: navigationClass)
        cls.describe = { "navigation \($0.name) (\($0.stack.map(\.id).joined(separator: " > ")))" }
        cls.fields(from: NavigationEngine.properties)
        cls.field("stack", "detent.screen[]", "Screens bottom to top.") { n, c in pushScreens(n.stack, c) }
        cls.field("top", "detent.screen?", "The top screen.") { n, c in
            if let top = n.topScreen { c.push(handle: top, className: screenClass) } else { c.pushNil() }
        }
        cls.setter("bar_style") { n, c in n.barStyle = try choice(try c.string(3), NavigationEngine.BarStyle.self, "bar_style") }
        cls.field("compensates", "boolean", "Whether incoming content is compensated for bar height changes (assign only).", get: nil) { n, c in
            n.compensatesBarHeight = c.boolean(3)
        }
        cls.methods = [
            "push": { n, c in
                let screen = try c.handle(2, Screen.self)
                try navigationCall { try n.push(screen, animated: animated(c, 3), in: try world(c)) }
                return 0
            },
            "pop": { n, c in
                if let popped = n.pop(animated: animated(c, 2), in: try world(c)) { c.push(handle: popped, className: screenClass) } else { c.pushNil() }
                return 1
            },
            "pop_to_root": { n, c in n.popToRoot(animated: animated(c, 2), in: try world(c)); return 0 },
            "pop_to": { n, c in
                let screen = try c.handle(2, Screen.self)
                try navigationCall { try n.popTo(screen, animated: animated(c, 3), in: try world(c)) }
                return 0
            },
            "set": { n, c in
                let screens = try screenList(c, 2)
                try navigationCall { try n.set(screens, animated: animated(c, 3), in: try world(c)) }
                return 0
            },
            "set_bar_hidden": { n, c in
                n.setBarHidden(c.boolean(2), animated: animated(c, 3), in: try world(c))
                return 0
            },
            "bar_height_for": { n, c in c.push(n.barHeight(for: try c.handle(2, Screen.self))); return 1 },
            "item": { n, c in
                guard let item = n.itemPresentation(of: try c.handle(2, Screen.self)) else { c.pushNil(); return 1 }
                c.push(.record([("title_x", .number(item.titleX)), ("title_alpha", .number(item.titleAlpha)),
                                ("back_x", .number(item.backX)), ("back_alpha", .number(item.backAlpha))]))
                return 1
            },
        ]
        return cls
    }

    private static func world(_ call: LuaCall) throws -> World { try ScriptHost.of(call).requireWorld() }

    /// `animated` arguments default to true, as scripts usually want the transition.
    private static func animated(_ call: LuaCall, _ index: Int32) -> Bool {
        call.isNoneOrNil(index) ? true : call.boolean(index)
    }

    private static func navigationCall(_ body: () throws -> Void) throws {
        do { try body() } catch let error as NavigationError { throw LuaRaise(error.description) }
    }

    private static func pushScreens(_ screens: [Screen], _ call: LuaCall) {
        call.push(.array([]))
        for (i, screen) in screens.enumerated() {
            call.push(handle: screen, className: screenClass)
            call.rawSet(index: i + 1, inTableAt: -2)
        }
    }

    static func screenList(_ call: LuaCall, _ index: Int32) throws -> [Screen] {
        try call.checkType(index, .table)
        var screens: [Screen] = []
        var i = 1
        while call.rawGet(index: i, inTableAt: index) != .nil {
            defer { call.pop() }
            screens.append(try call.handle(-1, Screen.self))
            i += 1
        }
        call.pop()
        return screens
    }

    /// `world:navigation{screens = {...}, name =, bar_style =, bar_hidden =, in_sheet =}`.
    static func makeNavigation(_ world: World, _ call: LuaCall, defaults: NavigationDefaults) throws -> Int32 {
        let options = try call.optionalTable(2)
        try options?.rejectUnknownKeys(["screens", "name", "bar_style", "bar_hidden", "in_sheet", "compensates"])
        let name = try options?.string("name") ?? "navigation"
        guard world.engines.allSatisfy({ $0.name != name }) else {
            throw LuaRaise("this world already has an engine named '\(name)' (give the navigation another name = ...)")
        }
        let engine = NavigationEngine(name: name, world: world, defaults: defaults, placement: try options?.boolean("in_sheet") ?? false ? .sheet : .window)
        if let style = try options?.string("bar_style") { engine.barStyle = try choice(style, NavigationEngine.BarStyle.self, "bar_style") }
        if let compensates = try options?.boolean("compensates") { engine.compensatesBarHeight = compensates }
        engine.attach(to: world)
        if let bar = try options?.boolean("bar_hidden"), bar { engine.setBarHidden(true, animated: false, in: world) }
        if options?.has("screens") == true {
            call.rawGet(field: "screens", inTableAt: 2)
            let screens = try screenList(call, call.top)
            call.pop()
            try navigationCall { try engine.set(screens, animated: false, in: world) }
        }
        ScriptHost.of(call).retain(engine)
        call.push(handle: engine, className: navigationClass)
        return 1
    }
}

// MARK: Registration

extension NavigationDefaults: EngineSettings {}

extension NavigationBinding {
    /// `world:navigation{...}` (SPEC §4), `[navigation]` of engine.toml.
    static let registration = EngineRegistration(
        kind: "navigation", engine: NavigationEngine.self,
        example: #"world:navigation{screens = {world:screen{id = "home"}, world:screen{id = "detail"}}}"#,
        settings: [EngineSettingsSection("navigation", NavigationDefaults.self, keys: settingKeys)],
        events: NavigationEngine.eventNames,
        consoleFields: [(navigationClass, ["top", "depth"]), (screenClass, ["id"])],
        replayScript: PackageResources.navigation_js, layer: 20,
        classes: { lua in
            lua.register(class: makeScreenClass())
            lua.register(class: makeNavigationClass())
        },
        construct: { world, call in
            try call.charge(bytes: HostCost.engine)
            return try makeNavigation(world, call, defaults: ScriptHost.of(call).engineDefaults[NavigationDefaults.self])
        },
        summary: { navigation in ["depth \(navigation.stack.count)"] + (navigation.isTransitioning ? ["transitioning"] : []) },
        drawing: { navigation, frame in draw(navigation, sheet: nil, into: &frame) }
    )

    /// `[navigation]`: durations in virtual seconds; heights, widths and velocities finite and
    /// >= 0; the two fractions in [0, 1].
    static let settingKeys: [EngineSettingKey<NavigationDefaults>] = {
        let length = NumberRule(0...1e7), fraction = NumberRule(0...1)
        return [
            .number("transition_duration", \.transitionDuration, .seconds), .number("parallax", \.parallax, fraction),
            .number("bar_height_phone_portrait", \.barHeightPhonePortrait, length),
            .number("bar_height_phone_landscape", \.barHeightPhoneLandscape, length),
            .number("bar_height_pad", \.barHeightPad, length), .number("bar_height_in_sheet", \.barHeightInSheet, length),
            .number("large_title_extra", \.largeTitleExtra, length), .number("prompt_extra", \.promptExtra, length),
            .number("minimum_bar_inset", \.minimumBarInset, length), .number("hide_show_bar_duration", \.hideShowBarDuration, .seconds),
            .number("edge_width", \.edgeWidth, length), .number("decisive_velocity", \.decisiveVelocity, length),
            .number("finish_threshold", \.finishThreshold, fraction), .number("back_button_width", \.backButtonWidth, length),
            .number("bar_button_width", \.barButtonWidth, length),
            .curve("transition_curve", \.transitionCurve), .curve("completion_curve", \.completionCurve),
        ]
    }()

    /// A navigation's container, the screens on show (bottom to top) and the bar: one bar over
    /// the container (`system`), or one per screen riding with it (`attached`). A sheet draws
    /// its own navigation this way, naming itself as `sheet`.
    static func draw(_ navigation: NavigationEngine, sheet: String?, into frame: inout EngineDrawing) {
        // On show: the stack's screens that have not disappeared, then screens that left the
        // stack and are still sliding out (a pop's outgoing screen, drawn on top).
        let stack = navigation.stack
        let leaving = (frame.remembered(by: navigation, as: [Screen].self) ?? []).filter { screen in !stack.contains { $0 === screen } }
        var shown = stack.filter { $0.appearance != .disappeared } + leaving.filter { $0.appearance != .disappeared }
        if shown.isEmpty, let top = navigation.topScreen { shown = [top] }
        frame.remember(shown, by: navigation)
        let container = navigation.container
        frame.add(.init(id: "navigation:\(navigation.name)", fields: [
            ("kind", .string("navigation")), ("sheet", .string(sheet)), ("style", .string(navigation.barStyle.rawValue)),
            ("x", .pt(container.x)), ("y", .pt(container.y)), ("w", .pt(container.width)), ("h", .pt(container.height)),
            ("depth", .int(Int64(stack.count))), ("progress", .value(navigation.progress)),
        ]))
        let barTop = container.y + navigation.containerTopInset
        for screen in shown {
            let f = screen.frame
            frame.add(.init(id: "screen:\(navigation.name):\(screen.id)", fields: [
                ("kind", .string("screen")), ("navigation", .string(navigation.name)), ("screen", .string(screen.id)),
                ("title", .string(screen.navigationItem.title ?? screen.title)),
                ("x", .pt(f.x)), ("y", .pt(f.y)), ("w", .pt(f.width)), ("h", .pt(f.height)),
                ("safe_top", .pt(screen.safeAreaInsets.top)), ("appearance", .string(screen.appearance.rawValue)),
            ]))
        }
        if navigation.barStyle == .attached {
            for screen in shown {
                let visibility = navigation.barVisibility(for: screen)
                frame.add(bar(id: "bar:\(navigation.name):\(screen.id)", navigation: navigation, screen: screen.id,
                              x: screen.frame.x, y: barTop, w: screen.frame.width,
                              h: navigation.barHeight(for: screen) * visibility, alpha: visibility))
            }
        } else {
            frame.add(bar(id: "bar:\(navigation.name)", navigation: navigation, screen: navigation.topScreen?.id,
                          x: container.x, y: barTop, w: container.width, h: navigation.currentBarHeight, alpha: navigation.barVisibility))
        }
    }

    private static func bar(id: String, navigation: NavigationEngine, screen: String?, x: Double, y: Double, w: Double, h: Double,
                            alpha: Double) -> EngineDrawing.Element {
        let title = navigation.topScreen.flatMap { $0.navigationItem.title ?? $0.title }
        return .init(id: id, fields: [
            ("kind", .string("bar")), ("navigation", .string(navigation.name)), ("screen", .string(screen)),
            ("x", .pt(x)), ("y", .pt(y)), ("w", .pt(w)), ("h", .pt(h)), ("alpha", .value(alpha)), ("title", .string(title)),
        ])
    }
}
