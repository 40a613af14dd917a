import XCTest
@testable import CombineLintKit

final class JSONParserTests: XCTestCase {
    private func error(_ text: String) -> String {
        do {
            _ = try JSONParser.parse(text)
            return "no error"
        } catch let e as JSONSyntaxError {
            return "\(e.position.line):\(e.position.column): \(e.message)"
        } catch {
            return "\(error)"
        }
    }

    func testParsesValuesWithPositions() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1, -2.5e1, true, null],\n  \"b\": \"x\\u00e9\\n\\ud83d\\ude00\"\n}")
        guard case .object(let members) = node.value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map { $0.key }, ["a", "b"])
        XCTAssertEqual(members[0].position, JSONPosition(line: 2, column: 3))
        guard case .array(let elements) = members[0].value.value else { return XCTFail("not an array") }
        XCTAssertEqual(elements.map { $0.value }, [.number(1), .number(-25), .bool(true), .null])
        XCTAssertEqual(elements[1].position, JSONPosition(line: 2, column: 12))
        XCTAssertEqual(members[1].value.value, .string("xé\n😀"))
    }

    func testSyntaxErrorsNameLineAndColumn() {
        XCTAssertEqual(error("{\n  \"a\": 1\n  \"b\": 2\n}"), "3:3: expected ',' or '}' after an object member, found '\"'")
        XCTAssertEqual(error("[1, 2,]"), "1:7: expected a value, found ']'")
        XCTAssertEqual(error("{\"a\": \"abc"), "1:7: unterminated string")
        XCTAssertEqual(error("{\"a\": \"\\q\"}"), "1:8: invalid escape '\\q'")
        XCTAssertEqual(error("{\"a\": 1, \"a\": 2}"), "1:10: duplicate key 'a'")
        XCTAssertEqual(error("{} x"), "1:4: unexpected 'x' after the top-level value")
        XCTAssertEqual(error(""), "1:1: expected a value, found end of input")
        XCTAssertEqual(error("[01]"), "1:2: invalid number: leading zero")
        XCTAssertEqual(error("tru"), "1:1: invalid literal, expected 'true'")
        XCTAssertEqual(error("{\"a\" 1}"), "1:6: expected ':' after key 'a', found '1'")
        XCTAssertEqual(error("\"a\u{1}\""), "1:3: control character U+0001 in a string must be escaped")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000)
        XCTAssertEqual(error(text), "1:513: nesting deeper than 512 levels")
    }
}

/// The configuration's dialect: comments and trailing commas (baselines stay strict).
final class LenientJSONTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONNode { try JSONParser.parse(text, allowingCommentsAndTrailingCommas: true) }

    func testCommentsAndTrailingCommas() throws {
        let node = try parse("// top\n{ /* a */ \"a\": [1, 2,], // end\n  \"b\": {\"c\": \"//not a comment\",},\n}\n/* after */")
        guard case .object(let members) = node.value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["a", "b"])
        XCTAssertEqual(members[1].position, JSONPosition(line: 3, column: 3))
        guard case .object(let inner) = members[1].value.value else { return XCTFail("not an object") }
        XCTAssertEqual(inner.first?.value.value, .string("//not a comment"))
        XCTAssertThrowsError(try JSONParser.parse("[1,]"), "strict by default")
    }

    func testErrorsStillNameLineAndColumn() {
        func error(_ text: String) -> String {
            do { _ = try parse(text); return "no error" } catch let e as JSONSyntaxError {
                return "\(e.position.line):\(e.position.column): \(e.message)"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(error("{\n  /* open"), "2:3: unterminated comment")
        XCTAssertEqual(error("[,]"), "1:2: expected a value, found ','")
        XCTAssertEqual(error("{,}"), "1:2: expected a string key, found ','")
        XCTAssertEqual(error("[1 / 2]"), "1:4: expected a value, found '/'")
        XCTAssertEqual(error("{\"é\": 1 x}"), "1:9: expected ',' or '}' after an object member, found 'x'")
    }
}
