import XCTest
@testable import CombineLintKit

final class CommandLineParserTests: XCTestCase {
    private func lint(_ arguments: [String]) throws -> LintOptions {
        guard case .lint(let options) = try CommandLineParser.parse(arguments) else {
            throw UsageError("not lint")
        }
        return options
    }

    private func usage(_ arguments: [String]) -> String {
        do {
            _ = try CommandLineParser.parse(arguments)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testLintIsTheDefaultCommand() throws {
        XCTAssertEqual(try CommandLineParser.parse([]), .lint(LintOptions()))
        XCTAssertEqual(try lint(["Sources", "Tests"]).paths, ["Sources", "Tests"])
        XCTAssertEqual(try lint(["lint", "Sources"]).paths, ["Sources"])
        XCTAssertEqual(try lint(["lint", "--", "--weird", "rules"]).paths, ["--weird", "rules"])
    }

    func testEveryLintFlag() throws {
        let options = try lint(["--config", "c.json", "--reporter=json", "--output", "o.txt", "--strict", "--quiet",
                                "--jobs", "3", "--baseline", "b.json", "--write-baseline", "w.json", "--changed-since", "main",
                                "--stdin-path", "S.swift"])
        XCTAssertEqual(options.configPath, "c.json")
        XCTAssertEqual(options.reporter, "json")
        XCTAssertEqual(options.outputPath, "o.txt")
        XCTAssertTrue(options.strict)
        XCTAssertTrue(options.quiet)
        XCTAssertEqual(options.jobs, 3)
        XCTAssertEqual(options.baselinePath, "b.json")
        XCTAssertEqual(options.writeBaselinePath, "w.json")
        XCTAssertEqual(options.changedSince, "main")
        XCTAssertEqual(options.stdinPath, "S.swift")
        XCTAssertEqual(options.paths, [])
        let fix = try lint(["--fix", "--dry-run", "--diff", "-"])
        XCTAssertTrue(fix.fix && fix.dryRun)
        XCTAssertEqual(fix.diffPath, "-")
    }

    func testOtherCommands() throws {
        XCTAssertEqual(try CommandLineParser.parse(["--version"]), .version)
        XCTAssertEqual(try CommandLineParser.parse(["-h"]), .help(topic: nil))
        XCTAssertEqual(try CommandLineParser.parse(["lint", "--help"]), .help(topic: "lint"))
        XCTAssertEqual(try CommandLineParser.parse(["help", "dump"]), .help(topic: "dump"))
        XCTAssertEqual(try CommandLineParser.parse(["rules"]), .rules)
        XCTAssertEqual(try CommandLineParser.parse(["explain", "io_error"]), .explain(ruleID: "io_error"))
        XCTAssertEqual(try CommandLineParser.parse(["dump", "tokens", "--trivia", "A.swift"]), .dumpTokens(path: "A.swift", includeTrivia: true))
        XCTAssertEqual(try CommandLineParser.parse(["dump", "tree", "A.swift"]), .dumpTree(path: "A.swift"))
    }

    func testUsageErrorsAreOneExactLine() {
        XCTAssertEqual(usage(["--nope"]), "unknown option '--nope' (see 'combinelint lint --help')")
        XCTAssertEqual(usage(["--config"]), "--config needs a value (see 'combinelint lint --help')")
        XCTAssertEqual(usage(["--output", "--strict"]), "--output needs a value (see 'combinelint lint --help')")
        XCTAssertEqual(usage(["--jobs", "0"]), "--jobs needs a positive whole number, got '0'")
        XCTAssertEqual(usage(["--strict=yes"]), "--strict takes no value")
        XCTAssertEqual(usage(["--dry-run"]), "--dry-run needs --fix")
        XCTAssertEqual(usage(["--diff", "d", "--changed-since", "main"]), "--changed-since and --diff cannot be used together")
        XCTAssertEqual(usage(["--stdin-path", "A.swift", "B.swift"]), "--stdin-path lints standard input only; remove the path 'B.swift'")
        XCTAssertEqual(usage(["explain"]), "explain needs a rule id (see 'combinelint rules')")
        XCTAssertEqual(usage(["rules", "extra"]), "unexpected argument 'extra' for 'combinelint rules'")
        XCTAssertEqual(usage(["dump", "ast", "A.swift"]), "unknown dump 'ast' (expected 'tokens' or 'tree')")
        XCTAssertEqual(usage(["dump", "tokens"]), "dump tokens needs a FILE")
        XCTAssertEqual(usage(["help", "nope"]), "unknown command 'nope' (see 'combinelint --help')")
    }
}
