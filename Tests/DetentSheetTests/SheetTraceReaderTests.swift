import Testing
import DetentLayout
import DetentNavigation
@testable import DetentWorld
@testable import DetentSheet

/// Traces read the sheet's stack ("sheet.navigation.progress", an engine whose own name has a
/// dot) by index from that engine, and the values are what reads by name give.
@Suite("Sheet: traces read the sheet's stack by index")
struct SheetTraceReaderTests {
    @Test func theSheetsNavigationNumbersItsProperties() throws {
        let h = try SheetHarness(contentHeights: [300, 500]).presented()
        let progress = h.world.reader(for: "sheet.navigation.progress")
        #expect(progress.engine === h.sheet.navigation)
        #expect(h.world.reader(for: "sheet.height").engine === h.sheet)
        try h.sheet.navigation.push(Screen(id: "s3", title: nil, content: .scroll(ScrollContent(contentHeight: 200))), animated: true, in: h.world)
        for _ in 0..<30 {
            h.step()
            #expect(progress.read(in: h.world) == h.world.property("sheet.navigation.progress"))
        }
    }
}
