import CombineLintKit
import XCTest

/// Parsing of the reporters' flags: `--statistics`, `rules --format`.
final class ReportFlagsParserTests: XCTestCase {
    func testStatisticsFlag() throws {
        guard case .lint(let options) = try CommandLineParser.parse(["--statistics", "--reporter", "full", "Sources"]) else {
            return XCTFail("not a lint command")
        }
        XCTAssertTrue(options.statistics)
        XCTAssertEqual(options.reporter, "full")
        XCTAssertThrowsError(try CommandLineParser.parse(["--statistics=yes"])) { error in
            XCTAssertEqual("\(error)", "--statistics takes no value")
        }
    }

    func testRulesFormat() throws {
        XCTAssertEqual(try CommandLineParser.parse(["rules", "--format", "json"]), .rulesJSON)
        XCTAssertEqual(try CommandLineParser.parse(["rules", "--format=table"]), .rules)
        XCTAssertThrowsError(try CommandLineParser.parse(["rules", "--format"])) { error in
            XCTAssertEqual("\(error)", "--format needs a value (table or json)")
        }
        XCTAssertThrowsError(try CommandLineParser.parse(["rules", "--format", "json", "extra"])) { error in
            XCTAssertEqual("\(error)", "unexpected argument 'extra' for 'combinelint rules'")
        }
    }
}
