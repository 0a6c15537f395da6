// Reads insets as main-axis and cross-axis edges, so the layout code is written once for both axes.
extension Insets {
    /// The inset, in points, before the first item along `axis`: top for vertical, left for horizontal.
    func mainStart(_ axis: LayoutAxis) -> Double { axis == .vertical ? top : left }
    /// The inset, in points, after the last item along `axis`: bottom for vertical, right for horizontal.
    func mainEnd(_ axis: LayoutAxis) -> Double { axis == .vertical ? bottom : right }
    /// The inset, in points, at the cross-axis start: left for vertical, top for horizontal.
    func crossStart(_ axis: LayoutAxis) -> Double { axis == .vertical ? left : top }
    /// The inset, in points, at the cross-axis end: right for vertical, bottom for horizontal.
    func crossEnd(_ axis: LayoutAxis) -> Double { axis == .vertical ? right : bottom }
}

/// A stretch of one axis, in points from the stack's origin.
struct AxisSpan: Equatable {
    var offset: Double
    var length: Double
}

extension LayoutAxis {
    /// The frame made of a main-axis span and a cross-axis span.
    func rect(main: AxisSpan, cross: AxisSpan) -> Rect {
        switch self {
        case .vertical:
            return Rect(x: cross.offset, y: main.offset, width: cross.length, height: main.length)
        case .horizontal:
            return Rect(x: main.offset, y: cross.offset, width: main.length, height: cross.length)
        }
    }
}
