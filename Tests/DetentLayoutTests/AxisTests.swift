import Testing
@testable import DetentLayout

// PinStackView/Classes/PinStackView.swift `fixedSEApply`: items follow each other along the axis,
// separated by `spacing`; a vertical stack runs top to bottom, a horizontal one left to right.

@Test func verticalStackPlacesItemsTopToBottom() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), spacing: 10),
                            items: [item("a", 50), item("b", 100)])
    let result = try stack.layout(crossLength: 200)
    #expect(frames(result) == [rect(0, 0, 200, 50), rect(0, 60, 200, 100)])
    #expect(result.length == 300)
    #expect(result.contentLength == 160)
}

@Test func horizontalStackPlacesItemsLeftToRight() throws {
    let stack = StackLayout(StackConfiguration(axis: .horizontal, sizeMode: .fixed(300), spacing: 10),
                            items: [item("a", 50), item("b", 100)])
    let result = try stack.layout(crossLength: 80)
    #expect(frames(result) == [rect(0, 0, 50, 80), rect(60, 0, 100, 80)])
    #expect(result.length == 300)
}

@Test func paddingInsetsItemsOnBothAxes() throws {
    let stack = StackLayout(
        StackConfiguration(axis: .vertical, sizeMode: .fixed(300), padding: Insets(top: 12, left: 16, bottom: 8, right: 4)),
        items: [item("a", 50)])
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(16, 12, 180, 50)])
}

@Test func mainAxisMarginsAddRoomAroundAnItem() throws {
    let stack = StackLayout(StackConfiguration(axis: .horizontal, sizeMode: .fixed(300), spacing: 10),
                            items: [item("a", 50, margins: Insets(left: 5, right: 7)), item("b", 20)])
    #expect(frames(try stack.layout(crossLength: 40)) == [rect(5, 0, 50, 40), rect(72, 0, 20, 40)])
}

@Test func mainLengthOverridesTheFixedLength() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), distribution: .end),
                            items: [item("a", 50)])
    let result = try stack.layout(crossLength: 100, mainLength: 200)
    #expect(result.length == 200)
    #expect(frames(result) == [rect(0, 150, 100, 50)])
}

@Test func hiddenItemsTakeNoRoomNoSpacingAndGetNoFrame() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), spacing: 10),
                            items: [item("a", 50), item("b", 100, hidden: true), item("c", 50)])
    let result = try stack.layout(crossLength: 200)
    #expect(result.frames.map(\.id) == ["a", "c"])
    #expect(result.frame(of: "c") == rect(0, 60, 200, 50))
    #expect(result.frame(of: "b") == nil)
}

@Test func layingOutTwiceGivesTheSameResult() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(333), distribution: .equal, spacing: 7),
                            items: [growing("a", 1), item("b", 20), growing("c", 2)])
    #expect(try stack.layout(crossLength: 123) == stack.layout(crossLength: 123))
}
