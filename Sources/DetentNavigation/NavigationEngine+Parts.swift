import DetentLayout
import DetentTime
import DetentWorld

extension NavigationEngine: PartLocating {
    /// Adds the engine to `world` with its touch responders (edge swipe, bar items) and, out of
    /// a sheet, the scroller that moves its top screen's content by touch.
    public func attach(to world: World) {
        world.addEngine(self)
        world.touches.addResponder(EdgeSwipeResponder(engine: self))
        world.touches.addResponder(BarItemsResponder(engine: self))
        if !inSheet { ContentScroller(navigation: self).attach(to: world) }
    }

    /// Whether the engine's own responders (a bar item, the edge-swipe zone) would take a touch
    /// at `point`: a container in front of the navigation (the sheet) leaves those to it.
    public func claimsTouch(at point: Point) -> Bool {
        if barItemRects().contains(where: { $0.rect.contains(point) }) { return true }
        return edgeSwipeZoneContains(point)
    }

    /// Tappable bar items of the top screen, in window points.
    public func barItemRects() -> [(part: String, rect: Rect)] {
        guard let top = topScreen, barVisibility(for: top) > 0.5, !isBarHidden else { return [] }
        let barTop = container.y + containerTopInset
        let height = barHeight(for: top)
        var result: [(String, Rect)] = []
        var x = container.x
        if stack.count > 1 && !top.navigationItem.hidesBackButton {
            result.append(("back_button", Rect(x: x, y: barTop, width: defaults.backButtonWidth, height: height)))
            x += defaults.backButtonWidth
        }
        for item in top.navigationItem.leftItems {
            result.append(("left_item.\(item)", Rect(x: x, y: barTop, width: defaults.barButtonWidth, height: height)))
            x += defaults.barButtonWidth
        }
        var right = container.x + container.width
        for item in top.navigationItem.rightItems {
            right -= defaults.barButtonWidth
            result.append(("right_item.\(item)", Rect(x: right, y: barTop, width: defaults.barButtonWidth, height: height)))
        }
        return result
    }

    public func location(ofPart part: String, in world: World) -> Point? {
        guard part.hasPrefix(name + ".") else { return nil }
        let local = String(part.dropFirst(name.count + 1))
        if local == "edge" {
            return Point(x: container.x + 2, y: container.y + container.height / 2)
        }
        guard let rect = barItemRects().first(where: { $0.part == local })?.rect else { return nil }
        return Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
    }

    public func partNames(in world: World) -> [String] {
        var names = barItemRects().map { "\(name).\($0.part)" }
        if stack.count > 1 { names.append("\(name).edge") }
        return names
    }

    /// A bar item's rectangle, or the edge-swipe zone along the container's left edge (the
    /// responders' hit-tests).
    public func frame(ofPart part: String, in world: World) -> Rect? {
        guard part.hasPrefix(name + ".") else { return nil }
        let local = String(part.dropFirst(name.count + 1))
        if local == "edge" {
            guard stack.count > 1 else { return nil }
            let c = container
            return Rect(x: c.x, y: c.y, width: max(defaults.edgeWidth, containerInsets.left), height: c.height)
        }
        return barItemRects().first(where: { $0.part == local })?.rect
    }

    // MARK: Properties (readable per frame, traced by name)

    // The table's traced properties (`NavigationEngine+Properties`), then each screen on show's.

    /// A screen's own properties ("<navigation>.screen.<id>.<key>"), in `appendStateValues` order.
    static let screenPropertyKeys = ["x", "content_top", "safe_top", "additional_top"]
    /// Its bar item's ("<navigation>.item.<id>.<key>"), in the same order.
    static let itemPropertyKeys = ["title_x", "title_alpha", "back_x", "back_alpha"]

    /// The table's, each screen's and item's, and the scrolled content's (`ContentScroller`).
    public static var propertyKeys: [String] {
        properties.traced.map(\.name) + screenPropertyKeys + itemPropertyKeys + ContentScroller.propertyKeys
    }

    public var propertyNames: [String] {
        var names = Self.properties.traced.map { "\(name).\($0.name)" }
        for screen in screensOnShow {
            let p = "\(name).screen.\(screen.id)"
            names += Self.screenPropertyKeys.map { "\(p).\($0)" }
            let i = "\(name).item.\(screen.id)"
            names += Self.itemPropertyKeys.map { "\(i).\($0)" }
        }
        return names
    }

    /// The values of `propertyNames` in order, without building and parsing their names.
    public func appendStateValues(to values: inout [Double?]) {
        for property in Self.properties.traced { values.append(property.number!(self)) }
        for screen in screensOnShow {
            values += [screen.frame.x, screen.contentTop, screen.safeAreaInsets.top, screen.additionalSafeAreaInsets.top + screen.barCompensation]
            let item = itemPresentation(of: screen)
            values += [item?.titleX, item?.titleAlpha, item?.backX, item?.backAlpha]
        }
    }

    /// The screens drawn now: both ends of a transition, or the top screen.
    var screensOnShow: [Screen] {
        if let t = transition { return t.kind == .push ? [t.from, t.to] : [t.to, t.from] }
        return topScreen.map { [$0] } ?? []
    }

    public func property(_ property: String) -> Double? {
        guard let key = World.key(of: property, in: name) else { return nil }
        if let value = tracedProperty(key) { return value }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else { return nil }
        let id = parts[1...(parts.count - 2)].joined(separator: ".")
        let field = parts[parts.count - 1]
        // A screen that is not drawn has no place on screen to read (one never laid out would
        // read 0): nil, as `propertyNames` leaves it out.
        guard let screen = screensOnShow.first(where: { $0.id == id }) else { return nil }
        switch (parts[0], field) {
        case ("screen", "x"): return screen.frame.x
        case ("screen", "content_top"): return screen.contentTop
        case ("screen", "safe_top"): return screen.safeAreaInsets.top
        case ("screen", "additional_top"): return screen.additionalSafeAreaInsets.top + screen.barCompensation
        case ("item", _):
            guard let item = itemPresentation(of: screen) else { return nil }
            switch field {
            case "title_x": return item.titleX
            case "title_alpha": return item.titleAlpha
            case "back_x": return item.backX
            case "back_alpha": return item.backAlpha
            default: return nil
            }
        default: return nil
        }
    }
}
