import XCTest
@testable import CombineLintKit

/// Nested `.combinelint.json` files, `per_file_ignores`, `--force-exclude` and unreadable
/// configuration files, through the whole lint command with the test rules.
final class HierarchicalConfigurationTests: XCTestCase {
    var root = ""
    let captured = CapturedIO()

    override func setUpWithError() throws { root = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func lint(_ arguments: [String], in folder: String? = nil) throws -> Int32 {
        captured.output = ""
        captured.error = ""
        guard case .lint(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("not lint") }
        return LintCommand(options: options, io: captured.io(folder ?? root), registry: [FixmeRule.self, ErrorTokenRule.self]).run()
    }

    func testASubFolderConfigurationExtendsTheOneAbove() throws {
        try writeFile(root, ".combinelint.json", #"{"opt_in_rules": ["test_error_token"], "rules": {"test_fixme": "error"}, "exclude": ["**/Gen/**"]}"#)
        try writeFile(root, "Feature/.combinelint.json", #"{"rules": {"test_error_token": "warning"}}"#)
        for folder in ["", "Feature/", "Feature/Deep/"] {
            try writeFile(root, folder + "A.swift", "FIXME_TOKEN ERROR_TOKEN\n")
            try writeFile(root, folder + "Gen/G.swift", "FIXME_TOKEN\n")
        }
        XCTAssertEqual(try lint(["--quiet"]), 1)
        // Below Feature: its rule overrides, the rest (the other rule, opt-in, exclude) is inherited.
        XCTAssertEqual(captured.output, """
        A.swift:1:1: error: FIXME_TOKEN left in code [test_fixme]
        A.swift:1:13: error: ERROR_TOKEN found [test_error_token]
        Feature/A.swift:1:1: error: FIXME_TOKEN left in code [test_fixme]
        Feature/A.swift:1:13: warning: ERROR_TOKEN found [test_error_token]
        Feature/Deep/A.swift:1:1: error: FIXME_TOKEN left in code [test_fixme]
        Feature/Deep/A.swift:1:13: warning: ERROR_TOKEN found [test_error_token]

        """)
    }

    func testKeysOverrideAndGlobsStayRelativeToTheirOwnFile() throws {
        try writeFile(root, ".combinelint.json", #"{"exclude": ["Feature/Skip/**"], "opt_in_rules": ["test_error_token"]}"#)
        // The sub-folder's exclude replaces the parent's, relative to its own folder.
        try writeFile(root, "Feature/.combinelint.json", #"{"exclude": ["Other/**"], "opt_in_rules": []}"#)
        try writeFile(root, "Feature/Skip/A.swift", "FIXME_TOKEN ERROR_TOKEN\n")
        try writeFile(root, "Feature/Other/B.swift", "FIXME_TOKEN\n")
        try writeFile(root, "Other/C.swift", "FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--quiet"]), 0)
        XCTAssertEqual(captured.output, """
        Feature/Skip/A.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]
        Other/C.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]

        """)
    }

    func testRootTrueStopsTheSearchUpward() throws {
        try writeFile(root, ".combinelint.json", #"{"rules": {"test_fixme": "error"}}"#)
        try writeFile(root, "Vendor/.combinelint.json", #"{"root": true}"#)
        try writeFile(root, "A.swift", "FIXME_TOKEN\n")
        try writeFile(root, "Vendor/B.swift", "FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--quiet"]), 1)
        XCTAssertEqual(captured.output, """
        A.swift:1:1: error: FIXME_TOKEN left in code [test_fixme]
        Vendor/B.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]

        """)
        // Run from inside the sub-folder: the file above is not read either.
        XCTAssertEqual(try lint(["--quiet"], in: root + "/Vendor"), 0)
        XCTAssertEqual(captured.output, "B.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]\n")
    }

    func testABrokenSubFolderConfigurationNamesItsFileAndLine() throws {
        try writeFile(root, "A.swift", "")
        try writeFile(root, "Feature/A.swift", "")
        try writeFile(root, "Feature/.combinelint.json", "{\n  // the rules\n  \"rules\": {\"nope\": \"off\"},\n}\n")
        XCTAssertEqual(try lint([]), 2)
        XCTAssertEqual(captured.error, "error: Feature/.combinelint.json:3:13: unknown rule 'nope' at $.rules.nope (see 'combinelint rules')\n")
        XCTAssertEqual(captured.output, "")
    }

    func testExplicitConfigAppliesToEveryFolder() throws {
        try writeFile(root, "ci.json", #"{"rules": {"test_fixme": "error"}}"#)
        try writeFile(root, "Feature/.combinelint.json", #"{"rules": {"test_fixme": "off"}}"#)
        try writeFile(root, "Feature/A.swift", "FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--config", "ci.json", "--quiet"]), 1)
        XCTAssertEqual(captured.output, "Feature/A.swift:1:1: error: FIXME_TOKEN left in code [test_fixme]\n")
    }

    func testEachFolderIsReadOnceAndItsFileOnce() throws {
        try writeFile(root, ".combinelint.json", #"{"rules": {"test_fixme": "error"}}"#)
        try writeFile(root, "Feature/Deep/.keep", "")
        var tree = ConfigurationTree(discoveringFrom: root, knownRules: [FixmeRule.description] + MetaRules.all)
        let first = try tree.configuration(forFile: root + "/Feature/Deep/A.swift")
        // Were the file read again for another file, or for a folder whose parent is known,
        // this broken text would be an error.
        try writeFile(root, ".combinelint.json", "{broken")
        XCTAssertEqual(try tree.configuration(forFile: root + "/Feature/Deep/B.swift"), first)
        XCTAssertEqual(try tree.configuration(forFolder: root + "/Feature"), first)
        XCTAssertEqual(try tree.configuration(forFolder: root + "/Feature/Deep/More").setting(for: FixmeRule.description)?.severity, .error)
        XCTAssertEqual(first.filePath, root + "/.combinelint.json")
    }

    func testPerFileIgnores() throws {
        try writeFile(root, ".combinelint.json", """
        {
          "opt_in_rules": ["test_error_token"],
          /* generated code and tests keep their tokens */
          "per_file_ignores": {
            "Tests/**": ["test_fixme"],
            "**/*+Generated.swift": ["test_fixme", "test_error_token"],
          },
        }
        """)
        try writeFile(root, "Tests/T.swift", "FIXME_TOKEN ERROR_TOKEN\n")
        try writeFile(root, "Sources/A+Generated.swift", "FIXME_TOKEN ERROR_TOKEN\n")
        try writeFile(root, "Sources/A.swift", "FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--quiet"]), 1)
        XCTAssertEqual(captured.output, """
        Sources/A.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]
        Tests/T.swift:1:13: error: ERROR_TOKEN found [test_error_token]

        """)
    }

    func testPerFileIgnoresNamesUnknownRulesWithTheirLine() throws {
        try writeFile(root, ".combinelint.json", "{\"per_file_ignores\": {\n  \"Tests/**\": [\"test_fixme\", \"nope\"]\n}}")
        XCTAssertEqual(try lint([]), 2)
        XCTAssertEqual(captured.error, "error: .combinelint.json:2:30: unknown rule 'nope' at $.per_file_ignores.Tests/** (see 'combinelint rules')\n")
    }

    func testForceExcludeAppliesExcludeToNamedPaths() throws {
        try writeFile(root, ".combinelint.json", #"{"exclude": ["Generated", "**/*.pb.swift"]}"#)
        try writeFile(root, "Generated/G.swift", "FIXME_TOKEN\n")
        try writeFile(root, "Sources/M.pb.swift", "FIXME_TOKEN\n")
        try writeFile(root, "Sources/A.swift", "FIXME_TOKEN\n")
        let named = ["Generated/G.swift", "Sources/M.pb.swift", "Sources/A.swift", "--quiet"]
        XCTAssertEqual(try lint(named), 0)
        XCTAssertEqual(captured.output.split(separator: "\n").count, 3, "named files are linted without --force-exclude")
        XCTAssertEqual(try lint(named + ["--force-exclude"]), 0)
        XCTAssertEqual(captured.output, "Sources/A.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(try lint(["Generated", "--force-exclude"]), 0)
        XCTAssertEqual(captured.error, "Found 0 findings (0 errors, 0 warnings); 0 files checked.\n")
    }

    func testAnUnreadableConfigFileSaysWhy() throws {
        XCTAssertEqual(try lint(["--config", "nope.json"]), 2)
        XCTAssertEqual(captured.error, "error: nope.json: cannot read the configuration file: No such file or directory\n")
        try FileManager.default.createDirectory(atPath: root + "/folder.json", withIntermediateDirectories: true)
        XCTAssertEqual(try lint(["--config", "folder.json"]), 2)
        XCTAssertEqual(captured.error, "error: folder.json: cannot read the configuration file: is a folder\n")
        try writeFile(root, "locked.json", "{}")
        chmod(root + "/locked.json", 0)
        defer { chmod(root + "/locked.json", 0o644) }
        guard getuid() != 0 else {
            throw XCTSkip("running as root, which reads any file: the permission case is covered by CLITests.testPermissionDeniedIsSaid")
        }
        XCTAssertEqual(try lint(["--config", "locked.json"]), 2)
        XCTAssertEqual(captured.error, "error: locked.json: cannot read the configuration file: Permission denied\n")
    }

    func testCommentsAndTrailingCommasAreAllowedAndErrorsStillNameTheLine() throws {
        try writeFile(root, "A.swift", "FIXME_TOKEN\n")
        try writeFile(root, ".combinelint.json", "// team settings\n{\n  \"rules\": {\n    \"test_fixme\": \"error\", // stricter\n  },\n}\n")
        XCTAssertEqual(try lint(["--quiet"]), 1)
        XCTAssertEqual(captured.output, "A.swift:1:1: error: FIXME_TOKEN left in code [test_fixme]\n")
        try writeFile(root, ".combinelint.json", "{\n  /* never closed\n  \"rules\": {}\n}\n")
        XCTAssertEqual(try lint([]), 2)
        XCTAssertEqual(captured.error, "error: .combinelint.json:2:3: invalid JSON: unterminated comment\n")
    }
}
