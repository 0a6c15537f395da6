import Testing
@testable import DetentLayout

// PinStackView/Classes/PinStackView.swift: adding, removing, hiding (isHidden KVO) and resizing along the
// axis (bounds KVO, auto style only) mark the stack dirty; `layoutCallback(view, true)` reports a size change.

private func autoModel(_ items: [StackItem] = [item("a", 50)]) throws -> StackLayoutModel {
    try StackLayoutModel(StackLayout(StackConfiguration(axis: .vertical, sizeMode: .auto, spacing: 10), items: items))
}

@Test func addingAnItemToAnAutoStackReportsTheNewLength() throws {
    var model = try autoModel()
    #expect(try model.add(item("b", 30)) == .sizeChanged(old: 50, new: 90))
    #expect(model.length == 90)
    #expect(model.events == [.sizeChanged(old: 50, new: 90)])
}

@Test func addingAtAnIndexInsertsThere() throws {
    var model = try autoModel()
    try model.add(item("b", 30), at: 0)
    #expect(try model.layout(crossLength: 100).frames == [
        StackItemFrame(id: "b", frame: rect(0, 0, 100, 30)),
        StackItemFrame(id: "a", frame: rect(0, 40, 100, 50)),
    ])
}

@Test func removingAnItemReportsTheNewLength() throws {
    var model = try autoModel([item("a", 50), item("b", 30)])
    #expect(try model.remove(id: "a") == .sizeChanged(old: 90, new: 30))
    #expect(model.items.map(\.id) == ["b"])
}

@Test func resizingAnItemReportsTheNewLength() throws {
    var model = try autoModel()
    #expect(try model.resize(id: "a", to: .fixed(70)) == .sizeChanged(old: 50, new: 70))
}

@Test func hidingAndShowingAnItemReportTheNewLength() throws {
    var model = try autoModel([item("a", 50), item("b", 30)])
    #expect(try model.setHidden(id: "b", true) == .sizeChanged(old: 90, new: 50))
    #expect(try model.setHidden(id: "b", false) == .sizeChanged(old: 50, new: 90))
    #expect(model.events.count == 2)
}

@Test func aChangeThatKeepsTheLengthReportsNothing() throws {
    var model = try autoModel()
    #expect(try model.resize(id: "a", to: .fixed(50)) == nil)
    #expect(try model.resize(id: "a", to: .grow(3, basis: 50)) == nil)
    #expect(try model.add(item("b", 30, hidden: true)) == nil)
    #expect(try model.setHidden(id: "a", false) == nil)
    #expect(model.events.isEmpty)
    #expect(model.length == 50)
}

@Test func aFixedStackNeverReportsASizeChange() throws {
    var model = try StackLayoutModel(StackLayout(StackConfiguration(axis: .vertical, sizeMode: .fixed(300)), items: [item("a", 50)]))
    #expect(try model.add(item("b", 30)) == nil)
    #expect(try model.resize(id: "a", to: .fixed(400)) == nil)
    #expect(model.length == 300)
    #expect(model.events.isEmpty)
}

@Test func drainingEventsReturnsThemInOrderAndClears() throws {
    var model = try autoModel()
    try model.add(item("b", 30))
    try model.remove(id: "a")
    #expect(model.drainEvents() == [.sizeChanged(old: 50, new: 90), .sizeChanged(old: 90, new: 30)])
    #expect(model.events.isEmpty)
}

@Test func aRejectedChangeLeavesTheModelAsItWas() throws {
    var model = try autoModel()
    let before = model
    #expect(throws: StackLayoutError.duplicateID("a")) { try model.add(item("a", 10)) }
    #expect(throws: StackLayoutError.invalidValue(owner: "item \"a\"", field: "fixed main size", value: -5)) {
        try model.resize(id: "a", to: .fixed(-5))
    }
    #expect(model == before)
}
