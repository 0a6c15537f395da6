import Testing
@testable import DetentJSON

/// The protocol's JSON reader (RFC 8259, strict): what it accepts, what it refuses, and that
/// writing a parsed value and parsing it again gives the same value.
@Suite("JSON parser")
struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func readsARequestWithItsFieldsInOrder() throws {
        let value = try parse(#" {"jsonrpc":"2.0","id":7,"method":"eval","params":{"code":"return 1"}} "#)
        #expect(value == .object([("jsonrpc", .string("2.0")), ("id", .int(7)), ("method", .string("eval")),
                                  ("params", .object([("code", .string("return 1"))]))]))
    }

    @Test func integersStayIntegersAndOtherNumbersAreDoubles() throws {
        #expect(try parse("9223372036854775807") == .int(Int64.max))
        #expect(try parse("-9223372036854775808") == .int(Int64.min))
        #expect(try parse("9223372036854775808") == .unsigned(9_223_372_036_854_775_808))
        #expect(try parse("18446744073709551615") == .unsigned(UInt64.max))
        #expect(try parse("18446744073709551616") == .double(18446744073709551616))
        #expect(try parse("1.0") == .double(1))
        #expect(try parse("-0.5e-3") == .double(-0.0005))
        #expect(try parse("2E+2") == .double(200))
        #expect(try parse("1e400") == .double(.infinity) || (try? parse("1e400")) == nil)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        #expect(try parse(#""\u00e9\u4e2d\ud83d\ude00""#) == .string("é中😀"))
        #expect(try parse("\"é中😀\"") == .string("é中😀"))
    }

    @Test func aRepeatedKeyKeepsItsLastValueInSmallAndLargeObjects() throws {
        #expect(try parse(#"{"a":1,"a":2}"#) == .object([("a", .int(2))]))
        let many = (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let value = try parse("{\(many),\"k3\":99,\"k15\":98}")
        #expect(value["k3"] == .int(99))
        #expect(value["k15"] == .int(98))
        guard case let .object(fields) = value else { Issue.record("not an object"); return }
        #expect(fields.count == 20)
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]", "01", "1.", ".5", "-", "1e", "+1",
        "tru", "nul", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
        "\"tab\there\"", "{} {}", "[1] x", "NaN", "Infinity", "'single'",
    ])
    func refusesWhatIsNotJSON(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try parse(text) }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONParser.Failure.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONParser.Failure.self) { try JSONValue.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22]) }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Failure.self) { try parse(deep) }
        let fine = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        _ = try parse(fine)
    }

    @Test func writingThenParsingGivesTheSameValue() throws {
        let value = JSONValue.object([
            ("s", .string("quote \" backslash \\ newline \n control \u{1} line sep \u{2028} 中")),
            ("i", .int(-42)), ("d", .double(0.1)), ("big", .double(1e300)), ("b", .bool(false)), ("n", .null),
            ("a", .array([.int(1), .array([]), .object([])])),
        ])
        #expect(try parse(value.text) == value)
    }
}
