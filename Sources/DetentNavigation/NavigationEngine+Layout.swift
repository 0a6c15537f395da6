import DetentLayout
import DetentWorld

extension NavigationEngine {
    /// Phase 4: frames and safe areas of the screens on show (SPEC §4).
    ///
    /// Push: the incoming screen's leading edge goes +width → 0, the outgoing one 0 → −0.3·width.
    /// Pop mirrors it, the incoming screen beneath. The bar's height and inset interpolate
    /// between the two screens' with the progress.
    ///
    /// Compensation (seed article 001): with diff = to.safeTop − from.safeTop, the incoming
    /// screen gets additional top inset −diff, animated to 0 with the transition, so its
    /// content starts where the outgoing screen's was and moves with the bar instead of
    /// jumping. On pop the outgoing screen's frame is offset by diff and grows by max(0, −diff),
    /// animated with the same progress (see `leavingFrameChange`), while its safe top stays its
    /// old one: its content rides down or up with the bar, level with the incoming screen's,
    /// and its bottom edge never rises off the container's.
    ///
    /// Runs every tick in phase 4; a container that moves the stack between ticks calls it so
    /// the screens' frames follow at once.
    public func layoutScreens() {
        // The container's box and insets are the same for every screen placed: read once per
        // layout, which runs every tick.
        let box = container, insets = containerInsets, topInset = containerTopInset
        let width = box.width
        guard let t = transition else {
            if let top = topScreen {
                let extra = top.additionalSafeAreaInsets
                place(top, in: box, insets, extra: extra, x: 0, safeTop: topInset + barInset(for: top) + extra.top)
            }
            return
        }
        let e = t.progress
        let fromExtra = t.from.additionalSafeAreaInsets, toExtra = t.to.additionalSafeAreaInsets
        switch t.kind {
        case .push:
            place(t.from, in: box, insets, extra: fromExtra, x: -defaults.parallax * width * e, safeTop: topInset + t.fromBarInset + fromExtra.top)
            place(t.to, in: box, insets, extra: toExtra, x: width * (1 - e), safeTop: incomingSafeTop(t, topInset: topInset, extra: toExtra))
        case .pop:
            let change = leavingFrameChange(t)
            place(t.from, in: box, insets, extra: fromExtra, x: width * e, safeTop: topInset + t.fromBarInset + fromExtra.top,
                  dy: change.dy * e, grow: change.grow * e)
            place(t.to, in: box, insets, extra: toExtra, x: -defaults.parallax * width * (1 - e), safeTop: incomingSafeTop(t, topInset: topInset, extra: toExtra))
        }
    }

    /// The incoming screen's safe top: UIKit gives it the final bar's inset at once; the
    /// compensation −diff·(1 − progress), added to the screen's own additional inset,
    /// cancels that jump.
    private func incomingSafeTop(_ t: NavigationTransition, topInset: Double, extra: Insets) -> Double {
        let compensation = compensatesBarHeight ? -t.topInsetDiff * (1 - t.progress) : 0
        t.to.barCompensation = compensation
        return topInset + t.toBarInset + extra.top + compensation
    }

    /// How the seed article's pop moves the outgoing screen's frame once the transition is
    /// complete (SPEC §4): down by diff (up when diff < 0), points, and taller by max(0, −diff),
    /// points, so that a screen moved up still reaches the container's bottom. Both are scaled
    /// by the progress — the seed sets them inside the transition coordinator's animation, so
    /// they animate with the pop, follow the finger in an interactive one and return to 0 when
    /// it is cancelled. Nothing without the compensation (the jump it exists to remove).
    func leavingFrameChange(_ t: NavigationTransition) -> (dy: Double, grow: Double) {
        guard compensatesBarHeight, t.kind == .pop else { return (0, 0) }
        return (t.topInsetDiff, max(0, -t.topInsetDiff))
    }

    /// Sets a screen's frame and safe area: the frame is the container's (`box`), moved by `x`
    /// and `dy` and `grow` points taller; the top inset from the bar (computed by the caller,
    /// additional inset included), the other edges from the container's `insets` plus the
    /// screen's additional insets (`extra`).
    private func place(_ screen: Screen, in box: Rect, _ insets: Insets, extra: Insets, x: Double, safeTop: Double,
                       dy: Double = 0, grow: Double = 0) {
        screen.frame = Rect(x: box.x + x, y: box.y + dy, width: box.width, height: box.height + grow)
        screen.safeAreaInsets = Insets(top: safeTop, left: insets.left + extra.left,
                                       bottom: insets.bottom + extra.bottom, right: insets.right + extra.right)
    }

    // MARK: Bar items (SPEC §4: each item's x offset and alpha per frame)

    /// x offset (points, relative to its resting place) and alpha of a screen's bar items now.
    public struct ItemPresentation: Equatable, Sendable {
        public var titleX: Double
        public var titleAlpha: Double
        public var backX: Double
        public var backAlpha: Double
    }

    /// How `screen`'s navigation item is shown now, or nil when it is not on show.
    ///
    /// `system`: the bar stays; the incoming title slides in from half the width and fades in,
    /// the outgoing title slides a third of the width towards the leading edge and fades out;
    /// back buttons cross-fade in place. (UIKit documents none of these; they follow its look.)
    /// `attached`: each screen carries its bar, so items move with the screen at full alpha,
    /// and a screen whose bar is hidden shows none.
    public func itemPresentation(of screen: Screen) -> ItemPresentation? {
        let width = container.width
        let hasBack = stack.first !== screen && !screen.navigationItem.hidesBackButton
        let backAlpha = hasBack ? 1.0 : 0.0
        let shown = barVisibility(for: screen)
        guard let t = transition, t.from === screen || t.to === screen else {
            return topScreen === screen ? ItemPresentation(titleX: 0, titleAlpha: shown, backX: 0, backAlpha: backAlpha * shown) : nil
        }
        if barStyle == .attached {
            // Each screen carries its own bar: a hidden one stays hidden, a shown one rides in.
            let x = screen.frame.x - container.x
            let alpha = shown > 0 ? 1.0 : 0.0
            return ItemPresentation(titleX: x, titleAlpha: alpha, backX: x, backAlpha: backAlpha * alpha)
        }
        let e = t.progress
        let incoming = t.to === screen
        let direction: Double = t.kind == .push ? 1 : -1
        let visibility = incoming ? e : 1 - e
        let titleX = incoming ? direction * width / 2 * (1 - e) : -direction * width / 3 * e
        return ItemPresentation(titleX: titleX, titleAlpha: visibility * shown, backX: 0, backAlpha: backAlpha * visibility * shown)
    }
}
