import DetentJSON
import DetentAdaptive
import DetentLayout
import DetentLua
import DetentNavigation
import DetentWorld

/// `world:split{...}`, `world:tabs{...}` and their handles (SPEC §7, §9): the adaptive split
/// view whose primary column is a tab container, and a tab container on its own. Thin:
/// checks arguments, calls the engines, pushes results.
enum SplitBinding {
    static let splitClass = "split"
    static let tabsClass = "tabs"

    // MARK: Split view

    static func makeSplitClass() -> LuaClass<SplitViewEngine> {
        let cls = LuaClass<SplitViewEngine>(name: splitClass)
        cls.describe = { "split (\($0.state.name))" }
        cls.fields(from: SplitViewEngine.properties)
        cls.field("tabs", "detent.tabs", "The tab container in the primary column.") { s, c in c.push(handle: s.tabs, className: tabsClass) }
        cls.field("primary", "detent.navigation", "") { s, c in c.push(handle: s.primary, className: NavigationBinding.navigationClass) }
        cls.field("secondary", "detent.navigation", "") { s, c in c.push(handle: s.secondary, className: NavigationBinding.navigationClass) }
        cls.field("placeholder", "detent.screen", "") { s, c in c.push(handle: s.placeholder, className: NavigationBinding.screenClass) }
        cls.methods = [
            "show_detail": { s, c in
                let screen = try c.handle(2, Screen.self)
                let sender = try detailSender(c, 3, split: s)
                try adaptiveCall { try s.showDetail(screen, sender: sender, in: try world(c)) }
                return 0
            },
        ]
        return cls
    }

    /// The sender of `show_detail`: the tab container (or "primary", or the primary stack)
    /// is the primary column; a screen is, when it is the selected tab's root; nil, the
    /// secondary stack or "other" are not.
    private static func detailSender(_ call: LuaCall, _ index: Int32, split: SplitViewEngine) throws -> DetailSender {
        if call.isNoneOrNil(index) { return .other }
        if call.type(at: index) == .string {
            switch try call.string(index) {
            case "primary": return .primary
            case "other", "secondary": return .other
            case let other:
                throw LuaRaise("show_detail: unknown sender \"\(other)\" (expected the tabs handle, a screen, a navigation, nil, or one of: primary, secondary, other)")
            }
        }
        if let tabs = try? call.handle(index, TabContainer.self) { return tabs === split.tabs ? .primary : .other }
        if let screen = try? call.handle(index, Screen.self) { return .screen(screen) }
        if let navigation = try? call.handle(index, NavigationEngine.self) { return navigation === split.primary ? .primary : .other }
        throw LuaRaise("show_detail: a sender is the tabs handle, a screen, a navigation, nil, or one of: primary, secondary, other (got \(call.typeName(at: index)))")
    }

    /// `world:split{tabs = {screens}, selected = 1, placeholder = screen, should_select = fn}`.
    static func makeSplit(_ world: World, _ call: LuaCall, host: ScriptHost) throws -> Int32 {
        let options = try call.table(2)
        try options.rejectUnknownKeys(["tabs", "selected", "placeholder", "should_select"])
        try requireFreeNames(["split", "tabs", "primary", "secondary"], in: world, what: "split view")
        let roots = try tabRoots(call, options)
        let selected = try selectedIndex(options, count: roots.count)
        let placeholder: Screen
        if options.has("placeholder") {
            call.rawGet(field: "placeholder", inTableAt: 2)
            defer { call.pop() }
            placeholder = try call.handle(call.top, Screen.self)
        } else {
            placeholder = Screen(id: "placeholder")
        }
        let split = try adaptiveCall {
            try SplitViewEngine(world: world, defaults: host.engineDefaults[AdaptiveDefaults.self], navigationDefaults: host.engineDefaults[NavigationDefaults.self],
                                roots: roots, selected: selected, placeholder: placeholder)
        }
        split.tabs.shouldSelect = try shouldSelect(options, host: host)
        try adaptiveCall { try split.attach(to: world) }
        host.retain(split)
        call.push(handle: split, className: splitClass)
        return 1
    }

    // MARK: Tab container

    static func makeTabsClass() -> LuaClass<TabContainer> {
        let cls = LuaClass<TabContainer>(name: tabsClass)
        cls.describe = { "tabs (\($0.mode.rawValue), tab \($0.selectedIndex + 1) of \($0.roots.count), depth \($0.depth))" }
        cls.fields(from: TabContainer.properties)
        cls.field("selected", "detent.screen", "The selected tab's root.") { t, c in c.push(handle: t.selectedRoot, className: NavigationBinding.screenClass) }
        cls.field("roots", "detent.screen[]", "") { t, c in pushScreens(t.roots, c) }
        cls.field("stack", "detent.screen[]", "") { t, c in pushScreens(t.navigation.stack, c) }
        cls.field("navigation", "detent.navigation", "") { t, c in c.push(handle: t.navigation, className: NavigationBinding.navigationClass) }
        // Setting the selection in code asks no should_select and emits no event (UIKit).
        cls.setter("selected_index") { t, c in
            let index = try c.int(3, "selected_index", SplitBinding.tabIndex)
            try adaptiveCall { try t.setSelectedIndex(index - 1, in: try world(c)) }
        }
        cls.field("should_select", "(fun(index: integer, screen: detent.screen): boolean)?",
                  "Asked before a tap selects a tab (assign only).", get: nil) { t, c in
            t.shouldSelect = try shouldSelect(at: 3, c, host: ScriptHost.of(c))
        }
        cls.methods = [
            // A user's tap on tab `index`: true when selected, false when should_select refused.
            "select": { t, c in
                let index = try c.int(2, "index", SplitBinding.tabIndex)
                let selected = try adaptiveCall { try t.select(index - 1, in: try world(c)) }
                c.push(selected)
                return 1
            },
            "push": { t, c in
                let screen = try c.handle(2, Screen.self)
                try adaptiveCall { try t.push(screen, animated: animated(c, 3), in: try world(c)) }
                return 0
            },
            "pop": { t, c in
                if let popped = t.navigation.pop(animated: animated(c, 2), in: try world(c)) {
                    c.push(handle: popped, className: NavigationBinding.screenClass)
                } else {
                    c.pushNil()
                }
                return 1
            },
            "pop_to_root": { t, c in t.navigation.popToRoot(animated: animated(c, 2), in: try world(c)); return 0 },
        ]
        return cls
    }

    /// `world:tabs{tabs = {screens}, selected = 1, should_select = fn}`: a tab container on its
    /// own (`alone` mode); its stack is the navigation named "navigation".
    static func makeTabs(_ world: World, _ call: LuaCall, host: ScriptHost) throws -> Int32 {
        let options = try call.table(2)
        try options.rejectUnknownKeys(["tabs", "selected", "should_select"])
        try requireFreeNames(["tabs", "navigation"], in: world, what: "tab container")
        let roots = try tabRoots(call, options)
        let tabs = try adaptiveCall {
            try TabContainer(navigationName: "navigation", world: world, defaults: host.engineDefaults[AdaptiveDefaults.self],
                             navigationDefaults: host.engineDefaults[NavigationDefaults.self], roots: roots,
                             selected: try selectedIndex(options, count: roots.count), mode: .alone)
        }
        tabs.shouldSelect = try shouldSelect(options, host: host)
        try adaptiveCall { try tabs.attach(to: world) }
        host.retain(tabs)
        call.push(handle: tabs, className: tabsClass)
        return 1
    }

    // MARK: Helpers

    private static func world(_ call: LuaCall) throws -> World { try ScriptHost.of(call).requireWorld() }

    private static func animated(_ call: LuaCall, _ index: Int32) -> Bool {
        call.isNoneOrNil(index) ? true : call.boolean(index)
    }

    private static func adaptiveCall<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AdaptiveError { throw LuaRaise(error.description) }
    }

    private static func requireFreeNames(_ names: [String], in world: World, what: String) throws {
        for name in names where world.engines.contains(where: { $0.name == name }) {
            throw LuaRaise("this world already has an engine named '\(name)' (a \(what) uses the names \(names.joined(separator: ", ")))")
        }
    }

    private static func tabRoots(_ call: LuaCall, _ options: LuaTableArgument) throws -> [Screen] {
        guard options.has("tabs") else {
            throw LuaRaise("tabs = { screen, ... } is required: the root screen of each tab, in bar order")
        }
        call.rawGet(field: "tabs", inTableAt: 2)
        defer { call.pop() }
        let list = call.top
        try call.checkType(list, .table)
        var roots: [Screen] = []
        var i = 1
        while call.rawGet(index: i, inTableAt: list) != .nil {
            defer { call.pop() }
            guard let screen = try? call.handle(call.top, Screen.self) else {
                throw LuaRaise("tabs[\(i)] must be a screen (made with world:screen{...}), got \(call.typeName(at: call.top))")
            }
            roots.append(screen)
            i += 1
        }
        call.pop()
        return roots
    }

    /// A tab index as scripts give it: any whole number (the tab container says which are in
    /// range, naming how many tabs there are).
    static let tabIndex = NumberRule(-1e9...1e9, whole: true, summary: "a tab index (a whole number)")

    private static func selectedIndex(_ options: LuaTableArgument, count: Int) throws -> Int {
        guard let selected = try options.int("selected", tabIndex) else { return 0 }
        guard (1...count).contains(selected) else { throw LuaRaise("selected must be a tab index 1…\(count), got \(selected)") }
        return selected - 1
    }

    private static func shouldSelect(_ options: LuaTableArgument, host: ScriptHost) throws -> ((Int, Screen) throws -> Bool)? {
        guard let function = try options.function("should_select") else { return nil }
        return hook(function, host: host)
    }

    private static func shouldSelect(at index: Int32, _ call: LuaCall, host: ScriptHost) throws -> ((Int, Screen) throws -> Bool)? {
        if call.isNoneOrNil(index) { return nil }
        guard call.type(at: index) == .function else {
            throw LuaRaise("should_select must be a function(index, screen) returning true or false, or nil (got \(call.typeName(at: index)))")
        }
        return hook(call.ref(index), host: host)
    }

    /// Calls the Lua `should_select(index, screen)` (index 1-based); it must answer a boolean.
    private static func hook(_ function: LuaRef, host: ScriptHost) -> (Int, Screen) throws -> Bool {
        { [weak host] index, screen in
            guard let host else { return true }
            let lua = host.lua
            function.push()
            lua.push(Int64(index + 1))
            lua.pushHandle(screen, className: NavigationBinding.screenClass)
            try lua.call(argumentCount: 2, resultCount: 1)
            defer { lua.pop() }
            guard lua.type(at: -1) == .boolean else {
                let shown = lua.type(at: -1) == .string ? "\"\(lua.describe(at: -1))\"" : lua.describe(at: -1)
                throw LuaRaise("should_select must return true or false, got \(shown)")
            }
            return lua.boolean(at: -1)
        }
    }

    private static func pushScreens(_ screens: [Screen], _ call: LuaCall) {
        call.push(.array([]))
        for (i, screen) in screens.enumerated() {
            call.push(handle: screen, className: NavigationBinding.screenClass)
            call.rawSet(index: i + 1, inTableAt: -2)
        }
    }
}

// MARK: Registrations

extension AdaptiveDefaults: EngineSettings {}

extension SplitBinding {
    /// `world:split{...}` (SPEC §7), which owns `[adaptive]` of engine.toml (its tab bar and
    /// columns; the tab container alone reads the same section).
    static let splitRegistration = EngineRegistration(
        kind: "split", engine: SplitViewEngine.self,
        example: #"world:split{tabs = {world:screen{id = "inbox"}, world:screen{id = "sent"}}}"#,
        settings: [EngineSettingsSection("adaptive", AdaptiveDefaults.self, keys: adaptiveKeys)],
        events: SplitViewEngine.eventNames,
        consoleFields: [(splitClass, ["state", "collapsed"])],
        replayScript: PackageResources.split_js, layer: 10,
        classes: { lua in lua.register(class: makeSplitClass()) },
        construct: { world, call in
            try call.charge(bytes: HostCost.engine)
            return try makeSplit(world, call, host: ScriptHost.of(call))
        },
        summary: { split in [split.state.name] },
        drawing: { split, frame in
            frame.add(.init(id: "split:\(split.name)", fields: [
                ("kind", .string("split")), ("state", .string(split.state.name)), ("collapsed", .bool(split.state.isCollapsed)),
                ("primary", EngineDrawing.rect(split.primary.container)),
                ("secondary", split.showsBothColumns ? EngineDrawing.rect(split.secondary.container) : .null),
            ]))
        }
    )

    /// `world:tabs{...}` (SPEC §7): a tab container on its own.
    static let tabsRegistration = EngineRegistration(
        kind: "tabs", engine: TabContainer.self,
        example: #"world:tabs{tabs = {world:screen{id = "home"}, world:screen{id = "search"}}}"#, settings: [],
        events: TabContainer.eventNames,
        consoleFields: [(tabsClass, ["selected_index", "depth"])],
        replayScript: PackageResources.tabs_js, layer: 30,
        classes: { lua in lua.register(class: makeTabsClass()) },
        construct: { world, call in
            try call.charge(bytes: HostCost.engine)
            return try makeTabs(world, call, host: ScriptHost.of(call))
        },
        summary: { tabs in [tabs.isBusy ? "busy" : "idle"] },
        drawing: { tabs, frame in
            let bar = tabs.barFrame
            frame.add(.init(id: "tabs:\(tabs.name)", fields: [
                ("kind", .string("tabs")), ("navigation", .string(tabs.navigation.name)),
                ("x", .pt(bar.x)), ("y", .pt(bar.y)), ("w", .pt(bar.width)), ("h", .pt(bar.height)),
                ("alpha", .value(tabs.barAlpha)), ("selected", .int(Int64(tabs.selectedIndex + 1))),
                ("tabs", .array(tabs.roots.map { .string($0.tabItem?.title ?? $0.title ?? $0.id) })),
            ]))
        }
    )

    /// `[adaptive]`: heights and widths in points; durations in virtual seconds.
    static let adaptiveKeys: [EngineSettingKey<AdaptiveDefaults>] = [
        .number("tab_bar_height_phone", \.tabBarHeightPhone, .length),
        .number("tab_bar_height_phone_landscape_narrow", \.tabBarHeightPhoneLandscapeNarrow, .length),
        .number("narrow_phone_width", \.narrowPhoneWidth, .length), .number("tab_bar_height_pad", \.tabBarHeightPad, .length),
        .number("tab_bar_fade_duration", \.tabBarFadeDuration, .seconds), .number("primary_column_width", \.primaryColumnWidth, .length),
        .number("size_change_duration", \.sizeChangeDuration, .seconds),
        .curve("tab_bar_fade_curve", \.tabBarFadeCurve),
    ]
}
