extension StackLayout {
    /// Checks every length, weight and id; throws the first problem found, in item order.
    /// PinStackView clamps grow/shrink to ≥ 0 and checks nothing else; Detent rejects bad input instead.
    public func validate() throws {
        try configuration.validate()
        var seen = Set<String>()
        for (index, item) in items.enumerated() {
            guard !item.id.isEmpty else { throw StackLayoutError.emptyID(index: index) }
            guard seen.insert(item.id).inserted else { throw StackLayoutError.duplicateID(item.id) }
            try item.validate()
        }
    }

    /// Throws unless `value` is finite and 0 or more.
    static func check(_ value: Double, owner: String, field: String) throws {
        guard value.isFinite, value >= 0 else {
            throw StackLayoutError.invalidValue(owner: owner, field: field, value: value)
        }
    }

    static func check(_ insets: Insets, owner: String, field: String) throws {
        try check(insets.top, owner: owner, field: "\(field).top")
        try check(insets.left, owner: owner, field: "\(field).left")
        try check(insets.bottom, owner: owner, field: "\(field).bottom")
        try check(insets.right, owner: owner, field: "\(field).right")
    }
}

extension StackConfiguration {
    func validate() throws {
        if case .fixed(let length) = sizeMode {
            try StackLayout.check(length, owner: "stack", field: "fixed length")
        }
        try StackLayout.check(spacing, owner: "stack", field: "spacing")
        try StackLayout.check(padding, owner: "stack", field: "padding")
    }
}

extension StackItem {
    func validate() throws {
        let owner = "item \"\(id)\""
        switch mainSize {
        case .fixed(let length):
            try StackLayout.check(length, owner: owner, field: "fixed main size")
        case .grow(let weight, let basis):
            try StackLayout.check(weight, owner: owner, field: "grow weight")
            try StackLayout.check(basis, owner: owner, field: "grow basis")
        }
        if case .fixed(let size) = crossSize {
            try StackLayout.check(size, owner: owner, field: "fixed cross size")
        }
        try StackLayout.check(margins, owner: owner, field: "margins")
        try StackLayout.check(shrink, owner: owner, field: "shrink weight")
    }
}
