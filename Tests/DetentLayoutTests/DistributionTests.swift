import Testing
@testable import DetentLayout

// PinStackView/Classes/PinStackView.swift: `fixedSEApply` (start, end) and `fixedEqual` (equal).

@Test func startDistributionLeavesSpareRoomAtTheEnd() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), distribution: .start, spacing: 10),
                            items: [item("a", 50), item("b", 100)])
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(0, 0, 200, 50), rect(0, 60, 200, 100)])
}

@Test func endDistributionPacksItemsAgainstTheEndInOrder() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), distribution: .end, spacing: 10),
                            items: [item("a", 50), item("b", 100)])
    #expect(frames(try stack.layout(crossLength: 200)) == [rect(0, 140, 200, 50), rect(0, 200, 200, 100)])
}

@Test func endDistributionRespectsEndPaddingOnAHorizontalStack() throws {
    let stack = StackLayout(
        StackConfiguration(axis: .horizontal, sizeMode: .fixed(300), distribution: .end, spacing: 10, padding: Insets(right: 20)),
        items: [item("a", 50), item("b", 100)])
    #expect(frames(try stack.layout(crossLength: 40)) == [rect(120, 0, 50, 40), rect(180, 0, 100, 40)])
}

@Test func equalDistributionGivesGrowItemsEqualSlots() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(320), distribution: .equal, spacing: 10),
                            items: [growing("a", 1), growing("b", 5), growing("c", 1)])
    let result = try stack.layout(crossLength: 200)
    #expect(frames(result) == [rect(0, 0, 200, 100), rect(0, 110, 200, 100), rect(0, 220, 200, 100)])
    #expect(result.contentLength == 320)
}

@Test func equalDistributionCentresAFixedItemInItsSlot() throws {
    let stack = StackLayout(StackConfiguration(axis: .horizontal, sizeMode: .fixed(320), distribution: .equal, spacing: 10),
                            items: [growing("a", 1), item("b", 40), growing("c", 1)])
    #expect(frames(try stack.layout(crossLength: 50)) == [rect(0, 0, 100, 50), rect(140, 0, 40, 50), rect(220, 0, 100, 50)])
}

@Test func equalDistributionCapsAFixedItemAtItsSlot() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(210), distribution: .equal, spacing: 10),
                            items: [item("a", 150), item("b", 20)])
    #expect(frames(try stack.layout(crossLength: 60)) == [rect(0, 0, 60, 100), rect(0, 150, 60, 20)])
}

@Test func equalDistributionIgnoresHiddenItems() throws {
    let stack = StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(210), distribution: .equal, spacing: 10),
                            items: [growing("a", 1), item("b", 20, hidden: true), growing("c", 1)])
    #expect(frames(try stack.layout(crossLength: 60)) == [rect(0, 0, 60, 100), rect(0, 110, 60, 100)])
}
