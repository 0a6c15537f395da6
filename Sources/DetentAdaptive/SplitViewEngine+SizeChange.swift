import DetentNavigation
import DetentTime
import DetentWorld

extension SplitViewEngine {
    /// A rotation or resize: when the horizontal size class changes, collapse or expand.
    public func windowDidChange(from old: WorldConfiguration, in world: World) {
        let sizeClass = world.configuration.horizontalSizeClass
        if sizeClass == .compact && !state.isCollapsed {
            collapse(in: world)
        } else if sizeClass == .regular && state.isCollapsed {
            expand(in: world)
        }
        layoutColumns(in: world)
    }

    /// Regular → compact (SPEC §7): pop the secondary stack to its root and push each popped
    /// screen, in order and without animation, onto the primary stack; the primary column shows.
    /// Transitions in flight end first (`NavigationEngine.settle`), and an expansion still
    /// running completes (`did_expand`) before the collapse starts.
    func collapse(in world: World) {
        finishSizeChange(in: world)
        primary.settle(in: world)
        secondary.settle(in: world)
        let moved = Array(secondary.stack.dropFirst())
        world.emit("split.will_collapse", [("split", .string(name)), ("moved", .integer(Int64(moved.count)))])
        secondary.popToRoot(animated: false, in: world)
        // Cannot fail: both stacks are settled, so the popped screens have left the secondary.
        for screen in moved { try? tabs.rawPush(screen, animated: false, in: world) }
        state = .collapsing(until: world.time + VirtualTime.nanoseconds(fromSeconds: defaults.sizeChangeDuration))
        layoutColumns(in: world)
    }

    /// Who holds the screens an expansion moves until it completes.
    var pendingOwner: String { "\(name).expanding" }

    /// Compact → regular (SPEC §7): pop the primary stack to its root and keep the popped
    /// screens; they go onto the secondary stack, without animation, once the expansion has
    /// completed (`sizeChangeDuration` later).
    func expand(in world: World) {
        finishSizeChange(in: world)
        primary.settle(in: world)
        secondary.settle(in: world)
        let pending = Array(primary.stack.dropFirst())
        world.emit("split.will_expand", [("split", .string(name)), ("moved", .integer(Int64(pending.count)))])
        primary.popToRoot(animated: false, in: world)
        // Kept for the secondary stack: a script cannot push them elsewhere meanwhile.
        for screen in pending { screen.reserve(for: pendingOwner) }
        state = .expanding(until: world.time + VirtualTime.nanoseconds(fromSeconds: defaults.sizeChangeDuration), pending: pending)
        layoutColumns(in: world)
    }

    /// Ends a size change in progress now: a collapse emits `did_collapse`; an expansion
    /// pushes its pending screens onto the secondary stack and emits `did_expand`.
    func finishSizeChange(in world: World) {
        switch state {
        case .collapsing:
            state = .collapsed
            world.emit("split.did_collapse", [("split", .string(name))])
        case let .expanding(_, pending):
            state = .expanded
            secondary.settle(in: world)
            // Cannot fail: the pending screens left the primary stack when the expansion began
            // and were reserved for this push since.
            for screen in pending {
                screen.releaseReservation(by: pendingOwner)
                try? secondary.push(screen, animated: false, in: world)
            }
            world.emit("split.did_expand", [("split", .string(name)), ("moved", .integer(Int64(pending.count)))])
        case .expanded, .collapsed:
            break
        }
    }
}
