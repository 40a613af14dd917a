import XCTest
@testable import CombineLintKit

final class ConfigurationDecoderTests: XCTestCase {
    private let known = [FixmeRule.description, ErrorTokenRule.description] + MetaRules.all

    private func decode(_ text: String) throws -> Configuration {
        try ConfigurationDecoder(knownRules: known, displayPath: ".combinelint.json").decode(text, rootDirectory: "/p", filePath: "/p/.combinelint.json")
    }

    private func message(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testFullConfiguration() throws {
        let config = try decode("""
        {
          "include": ["Sources/**"],
          "exclude": ["**/Generated/**"],
          "opt_in_rules": ["test_error_token"],
          "rules": {
            "test_fixme": {"severity": "error", "options": {"names": ["TODO_TOKEN"]}},
            "invalid_directive": "off"
          }
        }
        """)
        XCTAssertEqual(config.include, [Glob("Sources/**")])
        XCTAssertEqual(config.exclude, [Glob("**/Generated/**")])
        XCTAssertEqual(config.setting(for: FixmeRule.description), RuleSetting(severity: .error, options: RuleOptions(["names": ["TODO_TOKEN"]])))
        XCTAssertEqual(config.setting(for: ErrorTokenRule.description), RuleSetting(severity: .error))
        XCTAssertNil(config.setting(for: MetaRules.invalidDirective))
        XCTAssertNil(config.setting(for: MetaRules.superfluousDirective), "opt-in meta rule stays off")
        let rules = config.configuredRules(from: [FixmeRule.self, ErrorTokenRule.self])
        XCTAssertEqual(rules.map { $0.rule.description.id }, ["test_fixme", "test_error_token"])
    }

    func testSeverityInRulesEnablesAnOptInRule() throws {
        let config = try decode(#"{"rules": {"test_error_token": "warning"}}"#)
        XCTAssertEqual(config.setting(for: ErrorTokenRule.description)?.severity, .warning)
        XCTAssertNil(try decode("{}").setting(for: ErrorTokenRule.description))
        XCTAssertEqual(try decode("{}").setting(for: FixmeRule.description)?.severity, .warning)
    }

    func testErrorMessagesAreExact() {
        XCTAssertEqual(message("{\n  \"rulez\": {}\n}"),
                       ".combinelint.json:2:3: unknown key 'rulez' at $.rulez (known keys: exclude, include, opt_in_rules, per_file_ignores, root, rules)")
        XCTAssertEqual(message("{\"rules\": {\"nope\": \"error\"}}"),
                       ".combinelint.json:1:12: unknown rule 'nope' at $.rules.nope (see 'combinelint rules')")
        XCTAssertEqual(message("{\"opt_in_rules\": [\"test_error_token\", \"nope\"]}"),
                       ".combinelint.json:1:39: unknown rule 'nope' at $.opt_in_rules (see 'combinelint rules')")
        XCTAssertEqual(message("{\"include\": \"Sources\"}"),
                       ".combinelint.json:1:13: $.include must be an array of strings, found string")
        XCTAssertEqual(message("{\"exclude\": [\"a\", 3]}"),
                       ".combinelint.json:1:19: $.exclude[1] must be a string, found number")
        XCTAssertEqual(message("{\"rules\": {\"test_fixme\": \"warn\"}}"),
                       ".combinelint.json:1:26: $.rules.test_fixme must be \"off\", \"warning\" or \"error\", found \"warn\"")
        XCTAssertEqual(message("{\"rules\": {\"test_fixme\": true}}"),
                       ".combinelint.json:1:26: $.rules.test_fixme must be \"off\", \"warning\", \"error\" or an object, found boolean")
        XCTAssertEqual(message("{\"rules\": {\"test_fixme\": {\"options\": {\"colour\": []}}}}"),
                       ".combinelint.json:1:39: unknown option 'colour' for rule 'test_fixme' at $.rules.test_fixme.options.colour (known options: names)")
        XCTAssertEqual(message("{\"rules\": {\"test_error_token\": {\"options\": {\"x\": []}}}}"),
                       ".combinelint.json:1:45: unknown option 'x' for rule 'test_error_token' at $.rules.test_error_token.options.x (the rule has no options)")
        XCTAssertEqual(message("{\"rules\": {\"test_fixme\": {\"level\": \"error\"}}}"),
                       ".combinelint.json:1:27: unknown key 'level' at $.rules.test_fixme.level (known keys: options, severity)")
        XCTAssertEqual(message("{\"rules\": {\"test_fixme\": {\"options\": {\"names\": [1]}}}}"),
                       ".combinelint.json:1:49: $.rules.test_fixme.options.names[0] must be a string, found number")
        XCTAssertEqual(message("[]"), ".combinelint.json:1:1: the configuration must be a JSON object, found array")
        XCTAssertEqual(message("{\n  \"include\": [\"a\",,]\n}"), ".combinelint.json:2:19: invalid JSON: expected a value, found ','")
    }

    func testLoaderFindsTheNearestFileInAParent() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try writeFile(root, ".combinelint.json", #"{"exclude": ["Vendor/**"]}"#)
        try writeFile(root, "App/Sub/A.swift", "")
        let config = try ConfigurationLoader.load(explicitPath: nil, currentDirectory: root + "/App/Sub", knownRules: known)
        XCTAssertEqual(config.rootDirectory, root)
        XCTAssertEqual(config.filePath, root + "/.combinelint.json")
        XCTAssertEqual(config.exclude, [Glob("Vendor/**")])
    }

    func testLoaderReportsAMissingExplicitFile() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        XCTAssertThrowsError(try ConfigurationLoader.load(explicitPath: "nope.json", currentDirectory: root)) { error in
            XCTAssertEqual("\(error)", "nope.json: cannot read the configuration file: No such file or directory")
        }
    }

    func testASwitchOptionIsKeptAsTrueOrFalse() throws {
        let config = try decode(#"{"rules": {"test_fixme": {"options": {"names": true}}}}"#)
        XCTAssertEqual(config.setting(for: FixmeRule.description)?.options, RuleOptions(["names": ["true"]]))
        let off = try decode(#"{"rules": {"test_fixme": {"options": {"names": false}}}}"#)
        XCTAssertEqual(off.setting(for: FixmeRule.description)?.options, RuleOptions(["names": ["false"]]))
    }
}
