import Testing
@testable import DetentLayout

// PinStackView/Classes/PinStackView.swift `layoutAuto` + `autoStartEnd`: the stack's main-axis length
// is its padding plus each visible item's margins and length plus the spacing; packed from the start.

private func autoStack(_ items: [StackItem], distribution: StackDistribution = .start) -> StackLayout {
    StackLayout(StackConfiguration(axis: .vertical, sizeMode: .auto, distribution: distribution, spacing: 8,
                                   padding: Insets(top: 16, bottom: 24)),
                items: items)
}

@Test func autoLengthIsItemsPlusSpacingPlusPadding() throws {
    let result = try autoStack([item("a", 44), item("b", 100), item("c", 30)]).layout(crossLength: 375)
    #expect(result.length == 230)
    #expect(result.contentLength == 230)
    #expect(frames(result) == [rect(0, 16, 375, 44), rect(0, 68, 375, 100), rect(0, 176, 375, 30)])
}

@Test func autoLengthIncludesMainAxisMargins() throws {
    let result = try autoStack([item("a", 44, margins: Insets(top: 5, bottom: 7))]).layout(crossLength: 375)
    #expect(result.length == 96)
    #expect(frames(result) == [rect(0, 21, 375, 44)])
}

@Test func autoHorizontalLengthIsTheSumOfWidths() throws {
    let stack = StackLayout(StackConfiguration(axis: .horizontal, sizeMode: .auto, spacing: 4, padding: Insets(left: 10, right: 6)),
                            items: [item("a", 20), item("b", 30)])
    let result = try stack.layout(crossLength: 44)
    #expect(result.length == 70)
    #expect(frames(result) == [rect(10, 0, 20, 44), rect(34, 0, 30, 44)])
}

@Test func autoGrowItemIsItsBasisLong() throws {
    // PinStackView README: grow has "no meanings in .equal distribution or .auto style".
    let result = try autoStack([growing("a", 1, basis: 20), growing("b", 2)]).layout(crossLength: 100)
    #expect(result.length == 68)
    #expect(frames(result) == [rect(0, 16, 100, 20), rect(0, 44, 100, 0)])
}

@Test func autoModeTreatsEndAndEqualAsStart() throws {
    let items = [item("a", 44), item("b", 100)]
    let start = try autoStack(items).layout(crossLength: 375)
    #expect(try autoStack(items, distribution: .end).layout(crossLength: 375) == start)
    #expect(try autoStack(items, distribution: .equal).layout(crossLength: 375) == start)
}

@Test func autoModeIgnoresTheGivenMainLength() throws {
    let result = try autoStack([item("a", 44)]).layout(crossLength: 375, mainLength: 999)
    #expect(result.length == 84)
}

@Test func emptyAutoStackIsItsPadding() throws {
    #expect(try autoStack([]).layout(crossLength: 375).length == 40)
}

@Test func autoLengthSkipsHiddenItemsAndTheirSpacing() throws {
    let result = try autoStack([item("a", 44), item("b", 100, hidden: true), item("c", 30)]).layout(crossLength: 375)
    #expect(result.length == 122)
    #expect(frames(result) == [rect(0, 16, 375, 44), rect(0, 68, 375, 30)])
}
