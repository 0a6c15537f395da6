import Testing
@testable import DetentLayout

// PinStackView/Classes/PinStackView.swift `fixedStartEnd` + `calcFixedSEDynamicSize`:
// free room × weight ÷ total weight is added to each grow item; an overflow is taken from shrink items.

@Test func growItemsShareFreeRoomByWeight() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(400)),
                            items: [item("header", 100), growing("body", 1), growing("footer", 3)])
    #expect(frames(try stack.layout(crossLength: 200)) ==
            [rect(0, 0, 200, 100), rect(0, 100, 200, 75), rect(0, 175, 200, 225)])
}

@Test func growItemsAddTheirShareToTheirBasis() throws {
    let stack = StackLayout(StackConfiguration(axis: .horizontal, sizeMode: .fixed(300)),
                            items: [growing("a", 1, basis: 40), growing("b", 1, basis: 60), item("c", 100)])
    #expect(frames(try stack.layout(crossLength: 30)) ==
            [rect(0, 0, 90, 30), rect(90, 0, 110, 30), rect(200, 0, 100, 30)])
}

@Test func growItemsShareWhatSpacingAndMarginsLeave() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(200), spacing: 10, padding: Insets(top: 10, bottom: 10)),
                            items: [item("a", 50, margins: Insets(bottom: 20)), growing("b", 1)])
    #expect(frames(try stack.layout(crossLength: 100)) == [rect(0, 10, 100, 50), rect(0, 90, 100, 100)])
}

@Test func growItemsFillTheStackWhateverTheEndDistribution() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), distribution: .end, spacing: 10),
                            items: [item("a", 50), growing("b", 1)])
    #expect(frames(try stack.layout(crossLength: 100)) == [rect(0, 0, 100, 50), rect(0, 60, 100, 240)])
}

@Test func growItemsKeepTheirBasisWhenThereIsNoFreeRoom() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(100)),
                            items: [item("a", 120), growing("b", 1, basis: 10)])
    #expect(frames(try stack.layout(crossLength: 100)) == [rect(0, 0, 100, 120), rect(0, 120, 100, 10)])
}

@Test func shrinkItemsGiveUpTheOverflowByWeight() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(200)),
                            items: [item("a", 150, shrink: 1), item("b", 150, shrink: 3)])
    let result = try stack.layout(crossLength: 100)
    #expect(frames(result) == [rect(0, 0, 100, 125), rect(0, 125, 100, 75)])
    #expect(result.contentLength == 200)
}

@Test func shrinkNeverTakesAnItemBelowZero() throws {
    // Our decision; PinStackView would give "a" a length of −100.
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(100)),
                            items: [item("a", 10, shrink: 1), item("b", 200)])
    let result = try stack.layout(crossLength: 100)
    #expect(frames(result) == [rect(0, 0, 100, 0), rect(0, 0, 100, 200)])
    #expect(result.contentLength == 200)
}
