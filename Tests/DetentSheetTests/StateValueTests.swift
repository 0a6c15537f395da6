import Testing
import DetentWorld
@testable import DetentSheet

/// `appendStateValues` (what `wait_idle` compares every frame) must give exactly the values
/// read by name, in `propertyNames` order.
@Suite("Sheet state values")
struct StateValueTests {
    @Test func theyAreThePropertiesReadByNameWhilePresentingAndAtRest() throws {
        let h = try SheetHarness()
        try h.sheet.present(animated: true, in: h.world)
        for _ in 0..<30 {
            h.step()
            var values: [Double?] = []
            h.sheet.appendStateValues(to: &values)
            #expect(values == h.sheet.propertyNames.map { h.sheet.property($0) })
        }
    }
}
