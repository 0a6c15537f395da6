import Testing
@testable import DetentRuntime
import DetentJSON

/// The two writers of `JSONValue` — compact (daemon lines, trace lines) and indented (the JSON
/// report) — byte for byte, and the numbers each kind of value is written as.
@Suite("JSON writers")
struct JSONValueWritingTests {
    static let sample = JSONValue.object([
        ("seed", .unsigned(UInt64.max)), ("n", .int(-3)), ("x", .double(0.5)), ("ok", .bool(true)), ("none", .null),
        ("list", .array([.string("a"), .array([]), .object([])])), ("empty", .object([])),
    ])

    @Test func compactTextHasNoWhitespace() {
        #expect(Self.sample.text == #"{"seed":18446744073709551615,"n":-3,"x":0.5,"ok":true,"none":null,"list":["a",[],{}],"empty":{}}"#)
    }

    @Test func indentedTextIndentsByTwoSpacesAndKeepsScalarsAndEmptyContainersOnOneLine() {
        #expect(Self.sample.indentedText() == """
            {
              "seed": 18446744073709551615,
              "n": -3,
              "x": 0.5,
              "ok": true,
              "none": null,
              "list": [
                "a",
                [],
                {}
              ],
              "empty": {}
            }

            """)
        #expect(JSONValue.string("a").indentedText() == "\"a\"\n")
    }

    @Test func anUnsignedSeedRoundTripsExactly() throws {
        for seed: UInt64 in [0, 7, UInt64(Int64.max), UInt64(Int64.max) + 1, UInt64.max - 1, UInt64.max] {
            let written = JSONValue.object([("seed", .unsigned(seed))])
            let back = try JSONValue.parse(Array(written.indentedText().utf8))["seed"]
            #expect(back == (seed <= UInt64(Int64.max) ? .int(Int64(seed)) : .unsigned(seed)), "seed \(seed)")
        }
    }

    @Test func doublesAreWrittenInTheirShortestRoundTrippingForm() {
        #expect(JSONValue.double(1).text == "1.0")
        #expect(JSONValue.double(0.1).text == "0.1")
        #expect(JSONValue.double(1e-6).text == "1e-06")
        #expect(JSONValue.double(-0.0).text == "-0.0")
        #expect(JSONValue.double(1e300).text == "1e+300")
        #expect(JSONValue.array([.double(.nan), .double(.infinity), .double(-.infinity)]).text == "[null,null,null]")
    }

    @Test(arguments: [
        (774.0, 2, "774"), (512.5, 2, "512.5"), (-0.25, 2, "-0.25"), (0.004, 2, "0"), (-0.004, 2, "0"), (0.005, 2, "0.01"),
        (1.0 / 3, 4, "0.3333"), (0.1, 4, "0.1"), (1.0 / 120, 9, "0.008333333"), (-2.5, 0, "-3"), (12.000_04, 4, "12"),
        (1e20, 2, "1e+20"), (.nan, 2, "null"), (.infinity, 4, "null"),
    ] as [(value: Double, decimals: Int, text: String)])
    func fixedNumbersHaveAtMostTheirDecimalsAndNoTrailingZeros(_ example: (value: Double, decimals: Int, text: String)) {
        #expect(JSONValue.fixed(example.value, decimals: example.decimals).text == example.text)
    }

    @Test func fixedNumbersAreEqualWhenTheyAreWrittenTheSame() {
        #expect(JSONValue.fixed(1.004, decimals: 2) == .fixed(1.0, decimals: 2))
        #expect(JSONValue.fixed(1.006, decimals: 2) != .fixed(1.0, decimals: 2))
        #expect(JSONValue.fixed(1.0, decimals: 2) != .fixed(1.0, decimals: 4))
        #expect(JSONValue.fixed(.nan, decimals: 2) == .fixed(.infinity, decimals: 2))
        #expect(JSONValue.fixed(1.0, decimals: 2) != .double(1.0))
    }

    @Test func lessThanIsEscapedOnlyWhenAsked() {
        let value = JSONValue.object([("</script>", .string("a<b"))])
        #expect(value.text == #"{"</script>":"a<b"}"#)
        var escaped = ""
        value.write(to: &escaped, escapingLessThan: true)
        #expect(escaped == #"{"\u003c/script>":"a\u003cb"}"#)
        #expect(value.indentedText() == "{\n  \"</script>\": \"a<b\"\n}\n")
    }

    @Test func rawTextIsSplicedAsItIs() {
        #expect(JSONValue.object([("value", .raw("[1,2]"))]).text == #"{"value":[1,2]}"#)
    }

    @Test func everyWrittenValueParsesBackToItself() throws {
        #expect(try JSONValue.parse(Array(Self.sample.text.utf8)) == Self.sample)
        #expect(try JSONValue.parse(Array(Self.sample.indentedText().utf8)) == Self.sample)
    }
}
