import Testing
@testable import DetentLayout

// Our decision: PinStackView validates nothing (it clamps grow/shrink to ≥ 0); Detent throws a sentence.

private func vertical(_ items: [StackItem], spacing: Double = 0) -> StackLayout {
    StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300), spacing: spacing), items: items)
}

@Test func negativeItemSizeIsRejectedWithASentence() throws {
    let error = StackLayoutError.invalidValue(owner: "item \"a\"", field: "fixed main size", value: -1)
    #expect(throws: error) { try vertical([item("a", -1)]).layout(crossLength: 100) }
    #expect(error.description == "The item \"a\" has fixed main size -1.0; expected a finite length of 0 or more points.")
}

@Test func nanGrowWeightIsRejected() throws {
    do {
        _ = try vertical([growing("body", .nan)]).layout(crossLength: 100)
        Issue.record("expected an error")
    } catch let error as StackLayoutError {
        #expect(error.description == "The item \"body\" has grow weight nan; expected a finite weight of 0 or more.")
    }
}

@Test func nanCrossLengthIsRejected() throws {
    do {
        _ = try vertical([item("a", 10)]).layout(crossLength: .nan)
        Issue.record("expected an error")
    } catch let error as StackLayoutError {
        #expect(error.description == "The stack has crossLength nan; expected a finite length of 0 or more points.")
    }
}

@Test func negativeSpacingIsRejected() throws {
    #expect(throws: StackLayoutError.invalidValue(owner: "stack", field: "spacing", value: -2)) {
        try vertical([], spacing: -2).layout(crossLength: 100)
    }
}

@Test func negativeMarginIsRejected() throws {
    #expect(throws: StackLayoutError.invalidValue(owner: "item \"a\"", field: "margins.left", value: -3)) {
        try vertical([item("a", 10, margins: Insets(left: -3))]).layout(crossLength: 100)
    }
}

@Test func duplicateIDsAreRejected() throws {
    let error = StackLayoutError.duplicateID("row")
    #expect(throws: error) { try vertical([item("row", 10), item("row", 20)]).layout(crossLength: 100) }
    #expect(error.description == "More than one item has id \"row\"; expected ids unique within the stack.")
}

@Test func emptyIDIsRejected() throws {
    #expect(throws: StackLayoutError.emptyID(index: 1)) { try vertical([item("a", 10), item("", 20)]).layout(crossLength: 100) }
}

@Test func unknownIDIsRejectedByTheModel() throws {
    var model = try StackLayoutModel(vertical([item("a", 10)]))
    let error = StackLayoutError.unknownID("ghost")
    #expect(throws: error) { try model.remove(id: "ghost") }
    #expect(throws: error) { try model.resize(id: "ghost", to: .fixed(1)) }
    #expect(throws: error) { try model.setHidden(id: "ghost", true) }
    #expect(error.description == "No item has id \"ghost\"; expected the id of an item in the stack.")
}

@Test func insertionIndexOutsideTheStackIsRejected() throws {
    var model = try StackLayoutModel(vertical([item("a", 10)]))
    let error = StackLayoutError.indexOutOfRange(index: 3, count: 1)
    #expect(throws: error) { try model.add(item("b", 10), at: 3) }
    #expect(error.description == "Cannot insert an item at index 3; expected an index from 0 to 1.")
}

@Test func invalidStackIsRejectedWhenBuildingAModel() throws {
    #expect(throws: StackLayoutError.duplicateID("a")) { try StackLayoutModel(vertical([item("a", 1), item("a", 2)])) }
}
