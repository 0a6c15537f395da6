import Testing
@testable import DetentLayout

// PinStackView/Classes/PinStackView.swift `fixedSEApply` measures with an unbounded main-axis limit
// and nothing clips, so items that do not fit run past the far edge of a fixed stack.

@Test func startStackOverflowsPastItsEnd() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(100), spacing: 10),
                            items: [item("a", 80), item("b", 80)])
    let result = try stack.layout(crossLength: 50)
    #expect(frames(result) == [rect(0, 0, 50, 80), rect(0, 90, 50, 80)])
    #expect(result.length == 100)
    #expect(result.contentLength == 170)
}

@Test func endStackOverflowsBeforeItsStart() throws {
    let stack = StackLayout(StackConfiguration(axis: .horizontal, sizeMode: .fixed(100), distribution: .end, spacing: 10),
                            items: [item("a", 80), item("b", 80)])
    let result = try stack.layout(crossLength: 50)
    #expect(frames(result) == [rect(-70, 0, 80, 50), rect(20, 0, 80, 50)])
    #expect(result.contentLength == 170)
}

@Test func stackShorterThanItsPaddingLaysOutInZeroRoom() throws {
    // Our decision: the inner room is never negative.
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(10), distribution: .end, padding: Insets(top: 20, bottom: 20)),
                            items: [item("a", 30)])
    #expect(frames(try stack.layout(crossLength: 50)) == [rect(0, -10, 50, 30)])
}
