import DetentMotion
import DetentTime
import DetentWorld

extension NavigationEngine {
    // MARK: Requests (SPEC §4)

    /// Pushes `screen`. During a transition the request is queued (event `navigation.queued`).
    public func push(_ screen: Screen, animated: Bool, in world: World) throws {
        let queuedPush = queue.contains { if case let .push(queued, _) = $0 { return queued === screen } else { return false } }
        guard screen.parentName == nil, !stack.contains(where: { $0 === screen }), !queuedPush else {
            throw NavigationError.screenAlreadyInAStack(screen.id)
        }
        request(.push(screen, animated: animated), in: world)
    }

    /// Pops the top screen and returns it; never pops the root (returns nil). A pop requested
    /// during a transition is queued and returns nil.
    @discardableResult
    public func pop(animated: Bool, in world: World) -> Screen? {
        if transition != nil { request(.pop(animated: animated), in: world); return nil }
        guard stack.count > 1 else { return nil }
        let top = stack.last
        request(.pop(animated: animated), in: world)
        return top
    }

    public func popToRoot(animated: Bool, in world: World) {
        request(.popToRoot(animated: animated), in: world)
    }

    public func popTo(_ screen: Screen, animated: Bool, in world: World) throws {
        guard stack.contains(where: { $0 === screen }) || transition != nil else { throw NavigationError.screenNotInStack(screen.id) }
        request(.popTo(screen, animated: animated), in: world)
    }

    public func set(_ screens: [Screen], animated: Bool, in world: World) throws {
        guard !screens.isEmpty else { throw NavigationError.emptyStack }
        var seen = Set<ObjectIdentifier>(minimumCapacity: screens.count)   // a hash, not a scan of those before
        for screen in screens {
            if !seen.insert(ObjectIdentifier(screen)).inserted { throw NavigationError.duplicateScreen(screen.id) }
            if screen.parentName != nil && screen.parentName != name { throw NavigationError.screenAlreadyInAStack(screen.id) }
        }
        request(.set(screens, animated: animated), in: world)
    }

    /// Hides or shows the bar; animated over UINavigationControllerHideShowBarDuration.
    public func setBarHidden(_ hidden: Bool, animated: Bool, in world: World) {
        guard hidden != isBarHidden else { return }
        isBarHidden = hidden
        let target: Double = hidden ? 0 : 1
        if animated {
            barAnimation = TimingAnimator(from: barVisibility, to: target, duration: defaults.hideShowBarDuration,
                                          curve: .easeInEaseOut, startTime: VirtualTime.seconds(world.time))
        } else {
            barAnimation = nil
            barVisibility = target
            host?.navigationDidChangeImmediately(self)
            layoutScreens()
        }
        world.emit("navigation.bar_hidden", [("navigation", .string(name)), ("hidden", .boolean(hidden)), ("animated", .boolean(animated))])
    }

    private func request(_ operation: NavigationOperation, in world: World) {
        if transition != nil {
            queue.append(operation)
            world.emit("navigation.queued", [("navigation", .string(name)), ("operation", .string(operation.name)),
                                             ("queued", .integer(Int64(queue.count)))])
            return
        }
        perform(operation, in: world)
    }

    // MARK: Performing

    func perform(_ operation: NavigationOperation, in world: World) {
        let operationName = operation.name
        switch operation {
        case let .push(screen, animated):
            guard !stack.contains(where: { $0 === screen }) else { return }
            host?.navigation(self, didNotify: .started(operation: operationName, stackCount: stack.count + 1), in: world)
            guard let top = stack.last else { return begin(.push, to: screen, finalStack: [screen], removed: [], added: [screen], operation: "push", in: world) }
            begin(.push, operation: operationName, from: top, to: screen, finalStack: stack + [screen], removed: [], added: [screen], animated: animated, in: world)
        case let .pop(animated):
            guard stack.count > 1 else { return }
            host?.navigation(self, didNotify: .started(operation: operationName, stackCount: stack.count - 1), in: world)
            begin(.pop, operation: operationName, from: stack[stack.count - 1], to: stack[stack.count - 2], finalStack: Array(stack.dropLast()),
                  removed: [stack[stack.count - 1]], added: [], animated: animated, in: world)
        case let .popToRoot(animated):
            guard stack.count > 1 else { return }
            host?.navigation(self, didNotify: .started(operation: operationName, stackCount: 1), in: world)
            begin(.pop, operation: operationName, from: stack.last!, to: stack[0], finalStack: [stack[0]], removed: Array(stack.dropFirst().reversed()),
                  added: [], animated: animated, in: world)
        case let .popTo(screen, animated):
            guard let index = stack.firstIndex(where: { $0 === screen }), index < stack.count - 1 else { return }
            host?.navigation(self, didNotify: .started(operation: operationName, stackCount: index + 1), in: world)
            begin(.pop, operation: operationName, from: stack.last!, to: screen, finalStack: Array(stack[...index]),
                  removed: Array(stack[(index + 1)...].reversed()), added: [], animated: animated, in: world)
        case let .set(screens, animated):
            let removed = stack.filter { old in !screens.contains { $0 === old } }
            let added = screens.filter { new in !stack.contains { $0 === new } }
            guard let newTop = screens.last else { return }
            host?.navigation(self, didNotify: .started(operation: operationName, stackCount: screens.count), in: world)
            guard let oldTop = stack.last, oldTop !== newTop else {
                // Same top (or first set): no transition; parents change at once.
                if stack.isEmpty {
                    begin(.push, to: newTop, finalStack: screens, removed: [], added: added, operation: "set", in: world)
                } else {
                    for screen in added { moveLifecycle(screen, will: true, toParent: name, in: world) }
                    for screen in removed { moveLifecycle(screen, will: true, toParent: nil, in: world) }
                    stack = screens
                    for screen in added { moveLifecycle(screen, will: false, toParent: name, in: world) }
                    for screen in removed { moveLifecycle(screen, will: false, toParent: nil, in: world) }
                    layoutScreens()
                }
                return
            }
            // UIKit animates as a pop when the new top was already in the stack.
            let kind: NavigationTransition.Kind = stack.contains { $0 === newTop } ? .pop : .push
            begin(kind, operation: operationName, from: oldTop, to: newTop, finalStack: screens, removed: removed, added: added, animated: animated, in: world)
        }
    }

    /// The first screen of an empty stack: it appears at once, without a transition.
    private func begin(_ kind: NavigationTransition.Kind, to screen: Screen, finalStack: [Screen], removed: [Screen], added: [Screen],
                       operation: String, in world: World) {
        world.emit("navigation.will_show", [("navigation", .string(name)), ("screen", .string(screen.id)), ("operation", .string(operation)),
                                            ("animated", .boolean(false)), ("interactive", .boolean(false))])
        for s in added { moveLifecycle(s, will: true, toParent: name, in: world) }
        appear(screen, will: true, in: world)
        stack = finalStack
        appear(screen, will: false, in: world)
        for s in added { moveLifecycle(s, will: false, toParent: name, in: world) }
        world.emit("navigation.did_show", [("navigation", .string(name)), ("screen", .string(screen.id)), ("operation", .string(operation))])
        host?.navigationDidChangeImmediately(self)
        layoutScreens()
    }

    /// Starts a push or pop from `from` to `to`: lifecycle calls of the start, the stack's new
    /// contents, and a timed transition (or the end state at once when not animated).
    func begin(_ kind: NavigationTransition.Kind, operation: String, from: Screen, to: Screen, finalStack: [Screen], removed: [Screen], added: [Screen],
               animated: Bool, interactive: Bool = false, in world: World) {
        for s in added { moveLifecycle(s, will: true, toParent: name, in: world) }
        for s in removed { moveLifecycle(s, will: true, toParent: nil, in: world) }
        disappear(from, will: true, in: world)
        appear(to, will: true, in: world)
        let fromInset = barInset(for: from)
        let toInset = barInset(for: to)
        let curve = world.timingCurve(named: defaults.transitionCurve) ?? .bezier(.sheet)
        transitionsBegun += 1
        let t = NavigationTransition(kind: kind, operation: operation, from: from, to: to, removed: removed, finalStack: finalStack,
                                     drive: interactive ? .interactive : .timed(start: world.time, duration: animated ? defaults.transitionDuration : 0, curve: curve),
                                     content: ContentHeightBlend(from: from.content.height, to: to.content.height), number: transitionsBegun)
        t.fromBarInset = fromInset
        t.toBarInset = toInset
        t.fromBarHeight = barHeight(for: from) * barVisibility(for: from)
        // Where the incoming bar will rest: a bar being hidden (or shown) meanwhile counts as
        // hidden (or shown), so the bar height and a sheet following it never overshoot.
        t.toBarHeight = (isBarHidden || to.navigationItem.prefersBarHidden) ? 0 : barHeight(for: to)
        t.topInsetDiff = toInset - fromInset
        pendingAdded = added
        transition = t
        if !interactive { stack = finalStack }
        world.emit("navigation.will_show", [("navigation", .string(name)), ("screen", .string(to.id)), ("operation", .string(kind.rawValue)),
                                            ("animated", .boolean(animated)), ("interactive", .boolean(interactive))])
        if !animated && !interactive {
            host?.navigationDidChangeImmediately(self)
            transition!.progress = 1
            completeTransition(in: world)
        } else {
            layoutScreens()
        }
    }

    /// Ends the transition: a finished one settles on `to`, a cancelled interactive pop
    /// restores `from` on top exactly as it was. Then queued operations run in order.
    func completeTransition(in world: World) {
        guard let t = transition else { return }
        let cancelled = t.progress <= 0 && t.isCompletingToZero
        // Both screens take their end positions before the transition is forgotten, so the
        // one that left rests exactly at −0.3·width (push), +width (pop) or back in place.
        layoutScreens()
        transition = nil
        t.to.barCompensation = 0
        t.from.barCompensation = 0
        if cancelled {
            // UIKit's cancel: the would-be incoming screen disappears again, the outgoing one
            // reappears and is moved back into the container.
            disappear(t.to, will: true, in: world)
            disappear(t.to, will: false, in: world)
            appear(t.from, will: true, in: world)
            appear(t.from, will: false, in: world)
            for s in t.removed { moveLifecycle(s, will: false, toParent: name, in: world) }
            world.emit("navigation.did_show", [("navigation", .string(name)), ("screen", .string(t.from.id)), ("operation", .string("cancel"))])
            host?.navigation(self, didNotify: .cancelled(operation: t.operation), in: world)
        } else {
            stack = t.finalStack
            disappear(t.from, will: false, in: world)
            appear(t.to, will: false, in: world)
            for s in pendingAdded { moveLifecycle(s, will: false, toParent: name, in: world) }
            for s in t.removed { moveLifecycle(s, will: false, toParent: nil, in: world) }
            world.emit("navigation.did_show", [("navigation", .string(name)), ("screen", .string(t.to.id)), ("operation", .string(t.kind.rawValue))])
            host?.navigation(self, didNotify: .completed(operation: t.operation, removed: t.removed.count), in: world)
        }
        pendingAdded = []
        layoutScreens()
        while transition == nil, !queue.isEmpty {
            perform(queue.removeFirst(), in: world)
        }
    }

    /// Brings the transition in flight, and every operation queued behind it, to its end at
    /// once: a timed or completing transition jumps to its end; an interactive pop still under
    /// the finger is cancelled (`interactive_pop.cancelled`), leaving the stack as it was.
    /// Containers call it before they move screens between stacks (SPEC §7 collapse/expand).
    public func settle(in world: World) {
        while let t = transition {
            switch t.drive {
            case .timed:
                t.progress = 1
            case .interactive:
                popTouch = nil
                world.emit("interactive_pop.cancelled", [("navigation", .string(name)), ("progress", .number(t.progress)),
                                                         ("velocity", .number(0)), ("duration", .number(0))])
                t.drive = .completing(start: world.time, from: t.progress, to: 0, duration: 0, curve: .bezier(.easeInEaseOut))
                t.progress = 0
            case let .completing(_, _, to, _, _):
                t.progress = to
            }
            completeTransition(in: world)
        }
    }

    // MARK: Lifecycle (UIKit's order)

    func log(_ screen: Screen, _ call: String, in world: World) {
        screen.lifecycle.append(call)
        world.emit("screen.lifecycle", [("screen", .string(screen.id)), ("call", .string(call))])
    }

    func appear(_ screen: Screen, will: Bool, in world: World) {
        screen.appearance = will ? .appearing : .appeared
        log(screen, will ? "viewWillAppear" : "viewDidAppear", in: world)
    }

    func disappear(_ screen: Screen, will: Bool, in world: World) {
        screen.appearance = will ? .disappearing : .disappeared
        log(screen, will ? "viewWillDisappear" : "viewDidDisappear", in: world)
    }

    func moveLifecycle(_ screen: Screen, will: Bool, toParent parent: String?, in world: World) {
        if !will { screen.parentName = parent }
        else if parent != nil { screen.parentName = parent }
        let call: String
        switch parent {
        case nil: call = will ? "willMove(toParent: nil)" : "didMove(toParent: nil)"
        case name?: call = will ? moveCallsToThisStack.will : moveCallsToThisStack.did
        case let other?: call = "\(will ? "willMove" : "didMove")(toParent: \(other))"
        }
        log(screen, call, in: world)
    }
}

extension NavigationTransition {
    /// A completing drive heading for 0: a cancelled interactive pop.
    var isCompletingToZero: Bool {
        if case let .completing(_, _, to, _, _) = drive { return to == 0 }
        return false
    }
}
