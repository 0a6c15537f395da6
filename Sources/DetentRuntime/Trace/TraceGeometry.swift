import DetentAdaptive
import DetentDrawer
import DetentLayout
import DetentNavigation
import DetentSheet
import DetentWorld
import DetentRelease

/// What a replay draws of one frame: the device, split columns, navigation containers with
/// their screens and bars, tab bars, sheets (with their dimming) and drawers, and the fingers
/// down — each an element with a stable id, a kind, a frame in window points (`x`, `y`, `w`,
/// `h`) and a few fields of its own, in drawing order (`z`). Only what the engines expose
/// publicly is read, and reading changes nothing.
struct TraceGeometry {
    struct Element {
        var id: String
        var fields: [(String, JSONValue)]
    }

    /// The screens each navigation showed at the last frame: a screen popped off the stack
    /// stays drawn (sliding out) until it has disappeared. The navigation is held, so its
    /// identifier cannot pass to a new navigation (a later world's) and hand it stale screens.
    private var shownScreens: [ObjectIdentifier: (navigation: NavigationEngine, screens: [Screen])] = [:]

    /// The elements of `world` now, back to front.
    mutating func elements(of world: World) -> [Element] {
        var out: [Element] = []
        let c = world.configuration
        let insets = c.safeAreaInsets
        out.append(Element(id: "device", fields: [
            ("kind", .string("device")), ("name", .string(c.device.name)), ("orientation", .string(c.orientation.rawValue)),
            ("x", .pt(0)), ("y", .pt(0)), ("w", .pt(c.screenWidth)), ("h", .pt(c.screenHeight)), ("window_w", .pt(c.windowWidth)),
            ("safe", .array([.pt(insets.top), .pt(insets.left), .pt(insets.bottom), .pt(insets.right)])),
        ]))
        let engines = world.engines
        for split in engines.compactMap({ $0 as? SplitViewEngine }) {
            out.append(Element(id: "split:\(split.name)", fields: [
                ("kind", .string("split")), ("state", .string(split.state.name)), ("collapsed", .bool(split.state.isCollapsed)),
                ("primary", rect(split.primary.container)), ("secondary", split.showsBothColumns ? rect(split.secondary.container) : .null),
            ]))
        }
        let sheets = engines.compactMap { $0 as? SheetEngine }
        let navigations = engines.compactMap { $0 as? NavigationEngine }
        for navigation in navigations where !sheets.contains(where: { $0.navigation === navigation }) {
            out += elements(of: navigation, sheet: nil)
        }
        for tabs in engines.compactMap({ $0 as? TabContainer }) {
            let frame = tabs.barFrame
            out.append(Element(id: "tabs:\(tabs.name)", fields: [
                ("kind", .string("tabs")), ("navigation", .string(tabs.navigation.name)),
                ("x", .pt(frame.x)), ("y", .pt(frame.y)), ("w", .pt(frame.width)), ("h", .pt(frame.height)),
                ("alpha", .value(tabs.barAlpha)), ("selected", .int(Int64(tabs.selectedIndex + 1))),
                ("tabs", .array(tabs.roots.map { .string($0.tabItem?.title ?? $0.title ?? $0.id) })),
            ]))
        }
        for sheet in sheets {
            let container = sheet.navigation.container
            out.append(Element(id: "sheet:\(sheet.name)", fields: [
                ("kind", .string("sheet")), ("x", .pt(container.x)), ("y", .pt(sheet.top)), ("w", .pt(container.width)), ("h", .pt(sheet.height)),
                ("state", .string(sheet.state.name)), ("detent", .string(sheet.state.detent)), ("dim", .value(sheet.dimmingAlpha)),
                ("detents", .array(sheet.detents.map { .array([.string($0.name), .pt($0.height)]) })),
            ]))
            out += elements(of: sheet.navigation, sheet: sheet.name)
        }
        for drawer in engines.compactMap({ $0 as? DrawerEngine }) {
            out.append(Element(id: "drawer:\(drawer.name)", fields: [
                ("kind", .string("drawer")), ("x", .pt(0)), ("y", .pt(drawer.origin)), ("w", .pt(drawer.screenWidth)),
                ("h", .pt(max(0, drawer.screenHeight - drawer.origin))), ("header", .pt(drawer.headerHeight)),
                ("state", .string(drawer.state.name)), ("anchor", .string(drawer.anchorName)),
                ("anchors", .array(drawer.anchors.map { .array([.string($0.name), .pt($0.origin)]) })),
            ]))
        }
        for touch in world.touches.touches where !touch.isFinished {
            out.append(Element(id: "touch:\(touch.id)", fields: [
                ("kind", .string("touch")), ("x", .pt(touch.location.x)), ("y", .pt(touch.location.y)), ("w", .pt(0)), ("h", .pt(0)),
            ]))
        }
        // Two screens may share an id (scripts make screens freely): the later one gets "#2".
        var used: [String: Int] = [:]
        for z in out.indices {
            let count = used[out[z].id, default: 0] + 1
            used[out[z].id] = count
            if count > 1 { out[z].id += "#\(count)" }
            out[z].fields.insert(("z", .int(Int64(z))), at: 1)
        }
        return out
    }

    /// A navigation's container, the screens on show (bottom to top) and the bar: one bar over
    /// the container (`system`), or one per screen riding with it (`attached`).
    private mutating func elements(of navigation: NavigationEngine, sheet: String?) -> [Element] {
        let key = ObjectIdentifier(navigation)
        // On show: the stack's screens that have not disappeared, then screens that left the
        // stack and are still sliding out (a pop's outgoing screen, drawn on top).
        let stack = navigation.stack
        let leaving = (shownScreens[key]?.screens ?? []).filter { screen in !stack.contains { $0 === screen } }
        var shown = stack.filter { $0.appearance != .disappeared } + leaving.filter { $0.appearance != .disappeared }
        if shown.isEmpty, let top = navigation.topScreen { shown = [top] }
        shownScreens[key] = (navigation, shown)
        let container = navigation.container
        var out = [Element(id: "navigation:\(navigation.name)", fields: [
            ("kind", .string("navigation")), ("sheet", .string(sheet)), ("style", .string(navigation.barStyle.rawValue)),
            ("x", .pt(container.x)), ("y", .pt(container.y)), ("w", .pt(container.width)), ("h", .pt(container.height)),
            ("depth", .int(Int64(stack.count))), ("progress", .value(navigation.progress)),
        ])]
        let barTop = container.y + navigation.containerTopInset
        for screen in shown {
            let frame = screen.frame
            out.append(Element(id: "screen:\(navigation.name):\(screen.id)", fields: [
                ("kind", .string("screen")), ("navigation", .string(navigation.name)), ("screen", .string(screen.id)),
                ("title", .string(screen.navigationItem.title ?? screen.title)),
                ("x", .pt(frame.x)), ("y", .pt(frame.y)), ("w", .pt(frame.width)), ("h", .pt(frame.height)),
                ("safe_top", .pt(screen.safeAreaInsets.top)), ("appearance", .string(screen.appearance.rawValue)),
            ]))
        }
        if navigation.barStyle == .attached {
            for screen in shown {
                let visibility = navigation.barVisibility(for: screen)
                out.append(bar(id: "bar:\(navigation.name):\(screen.id)", navigation: navigation, screen: screen.id,
                               x: screen.frame.x, y: barTop, w: screen.frame.width,
                               h: navigation.barHeight(for: screen) * visibility, alpha: visibility))
            }
        } else {
            out.append(bar(id: "bar:\(navigation.name)", navigation: navigation, screen: navigation.topScreen?.id,
                           x: container.x, y: barTop, w: container.width, h: navigation.currentBarHeight, alpha: navigation.barVisibility))
        }
        return out
    }

    private func bar(id: String, navigation: NavigationEngine, screen: String?, x: Double, y: Double, w: Double, h: Double,
                     alpha: Double) -> Element {
        let title = navigation.topScreen.flatMap { $0.navigationItem.title ?? $0.title }
        return Element(id: id, fields: [
            ("kind", .string("bar")), ("navigation", .string(navigation.name)), ("screen", .string(screen)),
            ("x", .pt(x)), ("y", .pt(y)), ("w", .pt(w)), ("h", .pt(h)), ("alpha", .value(alpha)), ("title", .string(title)),
        ])
    }

    private func rect(_ r: Rect) -> JSONValue { .array([.pt(r.x), .pt(r.y), .pt(r.width), .pt(r.height)]) }
}
