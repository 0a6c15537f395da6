import Testing
@testable import DetentLua

/// "Did you mean …?" for misspelt fields, options, properties and events.
@Suite("Name suggestions")
struct NameSuggestionTests {
    @Test func aTypoFindsTheNameItWasMeantToBe() {
        #expect(NameSuggestion.nearest(to: "orign", among: ["velocity", "origin", "anchor"]) == ["origin"])
        #expect(NameSuggestion.nearest(to: "drawer.setled", among: ["drawer.ended", "drawer.settled", "pager.settled"]) == ["drawer.settled"])
        #expect(NameSuggestion.nearest(to: "content_ofset", among: ["content_offset", "content_height"]) == ["content_offset"])
    }

    @Test func transposedLettersCostOneEdit() {
        #expect(NameSuggestion.editDistance(Array("ancohr".unicodeScalars), Array("anchor".unicodeScalars)) == 1)
        #expect(NameSuggestion.editDistance(Array("".unicodeScalars), Array("abc".unicodeScalars)) == 3)
        #expect(NameSuggestion.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }

    @Test func caseAndSeparatorsDoNotCount() {
        #expect(NameSuggestion.nearest(to: "ease_in", among: ["linear", "easeIn", "easeOut", "easeInEaseOut"]) == ["easeIn"])
        #expect(NameSuggestion.nearest(to: "ease-in-ease-out", among: ["linear", "easeIn", "easeOut", "easeInEaseOut"]) == ["easeInEaseOut"])
        #expect(NameSuggestion.nearest(to: "Device", among: ["device", "orientation", "config"]) == ["device"])
    }

    @Test func nothingNearIsNoSuggestion() {
        #expect(NameSuggestion.nearest(to: "speed", among: ["velocity", "distance"]).isEmpty)
        #expect(NameSuggestion.didYouMean("speed", among: ["velocity", "distance"]) == "")
        #expect(NameSuggestion.didYouMean("confg", among: ["device", "config"]) == "did you mean config?")
    }

    @Test func aHugeNameIsComparedWithoutADistanceTable() {
        let huge = String(repeating: "e", count: 1_000_000)
        #expect(NameSuggestion.nearest(to: huge, among: ["drawer.settled", "touch.began"]).isEmpty)
    }

    @Test func theUnknownFieldSentenceNamesThePathAndTheAllowedKeys() {
        #expect(NameSuggestion.unknownField("tp", allowed: ["name", "top"], argument: "bad argument #1 to 'drawer'", path: "anchors[1].")
                == "bad argument #1 to 'drawer' (unknown field 'anchors[1].tp'; did you mean top? expected one of: name, top)")
    }
}
