import DetentMotion
import DetentRelease
import DetentTime
import DetentWorld

/// Rotation and iPad multitasking resizes (SPEC §3, §8): the pager lays itself out again for
/// the new window at once, as UIKit relayouts on rotation.
///
/// - The window's width, height and safe insets replace the old ones; a frame whose `top` or
///   `height` was not given follows them.
/// - **Page width not given:** the pages are as wide as the new window, so the stride
///   changes; the offset keeps its place in pages (offset / stride is kept), so a pager
///   resting on page i rests on page i at its new offset — `pager.changed` reports the move,
///   the state does not change and no `pager.page_changed` is emitted.
/// - **Settling:** the spring restarts toward its page's new offset from the rescaled offset
///   with its velocity rescaled likewise (continuous in pages, not in points);
///   `pager.changed` reports the jump, `pager.settled` comes when it arrives.
/// - **Dragged:** the offset is rescaled under the finger (`pager.changed`) and the pan goes
///   on from there, one point per point.
/// - **Page width given:** the offsets do not change.
extension PagerEngine {
    public func windowDidChange(from old: WorldConfiguration, in world: World) {
        let configuration = world.configuration
        windowWidth = configuration.windowWidth
        screenHeight = configuration.screenHeight
        safeTop = configuration.safeAreaInsets.top
        safeBottom = configuration.safeAreaInsets.bottom
        guard pageWidthFollowsWindow, windowWidth != geometry.pageWidth,
              let resized = try? PagerGeometry(pages: geometry.pageCount, pageWidth: windowWidth, spacing: geometry.spacing) else { return }
        let scale = resized.stride / geometry.stride
        geometry = resized
        switch state {
        case let .resting(page):
            moveOffset(to: geometry.offset(ofPage: page), in: world)
        case let .settling(page):
            let velocity = (spring?.velocity ?? 0) * scale
            moveOffset(to: offset * scale, in: world)
            spring = defaults.settlingSpring.animator(from: offset, to: geometry.offset(ofPage: page), velocity: velocity,
                                                      startTime: VirtualTime.seconds(world.time))
        case .dragging:
            moveOffset(to: offset * scale, in: world)
            if let touch = pan.touch { pan.resume(at: offset, translation: -touch.translation.x, in: dragRange) }
        }
    }
}
