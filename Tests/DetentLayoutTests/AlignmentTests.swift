import Testing
@testable import DetentLayout

// PinStackView/Classes/PinStackView.swift: `switch info._alignSelf ?? alignment` in every layout pass;
// `stretch` pins both cross edges, the others pin one edge (or the centre) and keep the item's size.

private func alignedStack(_ alignment: StackAlignment, _ items: [StackItem], padding: Insets = .zero) -> StackLayout {
    StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), alignment: alignment, padding: padding), items: items)
}

@Test func stretchIsTheDefaultAlignmentAndFillsTheCrossAxis() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300)), items: [item("a", 50, cross: .fixed(80))])
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(0, 0, 200, 50)])
}

@Test func startAlignmentPinsTheCrossStart() throws {
    #expect(frames(try alignedStack(.start, [item("a", 50, cross: .fixed(80))]).layout(crossLength: 200)) == [rect(0, 0, 80, 50)])
}

@Test func centerAlignmentCentresAcross() throws {
    #expect(frames(try alignedStack(.center, [item("a", 50, cross: .fixed(80))]).layout(crossLength: 200)) == [rect(60, 0, 80, 50)])
}

@Test func endAlignmentPinsTheCrossEnd() throws {
    #expect(frames(try alignedStack(.end, [item("a", 50, cross: .fixed(80))]).layout(crossLength: 200)) == [rect(120, 0, 80, 50)])
}

@Test func centerAlignmentOnAHorizontalStackCentresVertically() throws {
    let stack = StackLayout(StackConfiguration(axis: .horizontal, sizeMode: .fixed(300), alignment: .center),
                            items: [item("a", 50, cross: .fixed(40))])
    #expect(frames(try stack.layout(crossLength: 100)) == [rect(0, 30, 50, 40)])
}

@Test func alignmentWorksInsidePaddingAndCrossMargins() throws {
    let padding = Insets(left: 20, right: 10)
    let margins = Insets(left: 5, right: 15)
    let items = [item("a", 50, cross: .fixed(80), margins: margins)]
    #expect(frames(try alignedStack(.start, items, padding: padding).layout(crossLength: 200)) == [rect(25, 0, 80, 50)])
    #expect(frames(try alignedStack(.center, items, padding: padding).layout(crossLength: 200)) == [rect(60, 0, 80, 50)])
    #expect(frames(try alignedStack(.end, items, padding: padding).layout(crossLength: 200)) == [rect(95, 0, 80, 50)])
    #expect(frames(try alignedStack(.stretch, items, padding: padding).layout(crossLength: 200)) == [rect(25, 0, 150, 50)])
}

@Test func alignSelfOverridesTheStackAlignment() throws {
    let stack = alignedStack(.start, [
        item("a", 50, cross: .fixed(80)),
        item("b", 50, cross: .fixed(80), alignSelf: .end),
        item("c", 50, cross: .fixed(80), alignSelf: .center),
    ])
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(0, 0, 80, 50), rect(120, 50, 80, 50), rect(60, 100, 80, 50)])
}

@Test func alignSelfStretchFillsInACentredStack() throws {
    let stack = alignedStack(.center, [item("a", 50, cross: .fixed(80), alignSelf: .stretch)])
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(0, 0, 200, 50)])
}

@Test func stretchCrossSizeFillsWhateverTheAlignment() throws {
    let stack = alignedStack(.end, [item("a", 50, cross: .stretch)])
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(0, 0, 200, 50)])
}

@Test func fixedCrossSizeIsCappedAtTheCrossRoom() throws {
    let stack = alignedStack(.center, [item("a", 50, cross: .fixed(500))], padding: Insets(left: 10, right: 10))
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(10, 0, 180, 50)])
}
