import Foundation
import XCTest

/// End-to-end: runs the built `combinelint` executable (next to the test bundle in the build
/// folder) on temporary folders and checks exact output and exit codes.
final class CLITests: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        // On Linux the test bundle is an executable in the build folder (`.build/debug/…xctest`)
        // and Bundle reports that folder; on macOS the bundle sits in it. The tool is built there.
        let bases = [Bundle(for: CLITests.self).bundleURL, Bundle.main.bundleURL]
        let candidates = bases.flatMap { [$0, $0.deletingLastPathComponent()] }.map { $0.appendingPathComponent("combinelint") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    var directory = ""

    override func setUpWithError() throws {
        let path = NSTemporaryDirectory() + "combinelint-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        directory = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let errHandle = err.fileHandleForReading
        let errData = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData.data = errHandle.readDataToEndOfFile(); group.leave() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData.data, as: UTF8.self))
    }

    func write(_ relative: String, _ text: String) throws {
        let path = directory + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func testVersion() throws {
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "0.1.0\n")
        XCTAssertEqual(result.stderr, "")
    }

    func testHelpListsEveryCommandAndFlag() throws {
        let tool = try run(["--help"])
        XCTAssertEqual(tool.status, 0)
        for command in ["lint", "rules", "explain RULE", "dump tokens FILE", "dump tree FILE", "trace", "--version"] {
            XCTAssertTrue(tool.stdout.contains(command), "tool help lacks \(command)")
        }
        let lint = try run(["lint", "--help"])
        XCTAssertEqual(lint.status, 0)
        for flag in ["--config", "--reporter", "--output", "--strict", "--quiet", "--jobs", "--baseline", "--write-baseline",
                     "--changed-since", "--diff", "--stdin-path", "--fix", "--dry-run", "--timings", "--help",
                     "--select", "--ignore", "--enable-all-rules", "--max-warnings", "--exit-zero", "--force-exclude"] {
            XCTAssertTrue(lint.stdout.contains(flag + " "), "lint help lacks \(flag)")
        }
        for command in ["rules", "explain", "dump", "trace"] {
            let help = try run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.contains("USAGE: combinelint \(command)"), "\(command) help: \(help.stdout)")
        }
    }

    func testLintHelpGivesNoColorAndTheExitCodes() throws {
        let lint = try run(["lint", "--help"])
        XCTAssertTrue(lint.stdout.contains("Colour is used on a terminal only, and never when NO_COLOR is set."), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("""
        EXIT CODES:
          0  no finding at error severity (with --strict: no finding at all)
          1  findings that fail the run (errors; any, with --strict; too many warnings)
          2  usage, configuration or internal error
        """), lint.stdout)
    }

    /// Runs the tool through `sh`, which can pass arguments that are not UTF-8 (Foundation's
    /// `Process` cannot), and gives up after `timeout` seconds (a hang is a failure, not a stall).
    func runShell(_ script: String, timeout: TimeInterval = 20) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, Self.executable.path]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("the run did not end within \(timeout) s: \(script)")
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                   stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func testAFIFONamedOnTheCommandLineIsReportedNotWaitedFor() throws {
        try write("A.swift", "let a = 1\n")
        XCTAssertEqual(mkfifo(directory + "/Pipe.swift", 0o644), 0)
        let result = try runShell(#""$0" A.swift Pipe.swift"#)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "Pipe.swift:1:1: error: cannot read 'Pipe.swift': is a named pipe (FIFO), not a regular file [io_error]\n")
        XCTAssertEqual(result.stderr, "Found 1 finding (1 error, 0 warnings); 1 file checked.\n")
    }

    func testANameThatIsNotUTF8CanBeNamedOnTheCommandLine() throws {
        let create = try runShell(#"printf 'let a = 1\n' > "$(printf 'Caf\351.swift')""#)
        XCTAssertEqual(create.status, 0, create.stderr)
        let result = try runShell(#""$0" "$(printf 'Caf\351.swift')""#)
        XCTAssertEqual(result.stderr, "Found 0 findings (0 errors, 0 warnings); 1 file checked.\n")
        XCTAssertEqual(result.status, 0)
        let missing = try runShell(#""$0" "$(printf 'Gone\351.swift')""#)
        XCTAssertEqual(missing.stderr, "error: no such file or folder: 'Gone\\xE9.swift'\n")
        XCTAssertEqual(missing.status, 2)
    }

    /// A file below a folder the user may not enter. Root may enter any folder, so as root the
    /// tool is run as `nobody` (with `setpriv`), which makes the check meaningful there too.
    func testPermissionDeniedIsSaid() throws {
        try write("A.swift", "let a = 1\n")
        try write("Locked/B.swift", "let b = 1\n")
        try write("locked.json", "{}\n")
        var prefix = "\"$0\""
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                throw XCTSkip("running as root without setpriv: root is never denied, so there is nothing to check")
            }
            // nobody must reach the test's folder (only Locked and locked.json are closed to it).
            chmod(directory, 0o755)
            prefix = "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\""
        }
        chmod(directory + "/Locked", 0o700)
        chmod(directory + "/locked.json", 0o600)
        if getuid() != 0 { chmod(directory + "/Locked", 0); chmod(directory + "/locked.json", 0) }
        defer { chmod(directory + "/Locked", 0o755); chmod(directory + "/locked.json", 0o644) }
        let result = try runShell(prefix + " A.swift Locked/B.swift")
        XCTAssertEqual(result.stdout, "Locked/B.swift:1:1: error: cannot read 'Locked/B.swift': Permission denied [io_error]\n")
        XCTAssertEqual(result.stderr, "Found 1 finding (1 error, 0 warnings); 1 file checked.\n")
        XCTAssertEqual(result.status, 1)
        let config = try runShell(prefix + " --config locked.json A.swift")
        XCTAssertEqual(config.stderr, "error: locked.json: cannot read the configuration file: Permission denied\n")
        XCTAssertEqual(config.status, 2)
    }

    func testUnknownFlagIsAUsageError() throws {
        let result = try run(["--frobnicate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "error: unknown option '--frobnicate' (see 'combinelint lint --help')\n")
    }

    func testMissingFlagValueIsAUsageError() throws {
        let result = try run(["lint", "--reporter"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: --reporter needs a value (see 'combinelint lint --help')\n")
    }

    func testMissingPathIsAUsageError() throws {
        let result = try run(["lint", "Nowhere"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "error: no such file or folder: 'Nowhere'\n")
    }

    /// A scene delegate of an app with one scene lives for the run, so a strong `self` in its
    /// sink is no leak; the app's `Info.plist` saying it supports multiple scenes makes it one.
    func testInfoPropertyListSupportingMultipleScenesEndsTheSceneDelegatesLife() throws {
        try write("App/SceneDelegate.swift", """
        import Combine
        import UIKit
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            private var bag = Set<AnyCancellable>()
            private var count = 0
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                NotificationCenter.default.publisher(for: .changed).sink { _ in self.count += 1 }.store(in: &bag)
            }
        }

        """)
        let single = try run(["App", "--quiet"])
        XCTAssertEqual(single.status, 0)
        XCTAssertEqual(single.stdout, "")
        try write("App/Info.plist", "<plist version=\"1.0\"><dict><key>UIApplicationSceneManifest</key><dict>"
                  + "<key>UIApplicationSupportsMultipleScenes</key>\n<true/></dict></dict></plist>\n")
        let multiple = try run(["App", "--quiet"])
        XCTAssertEqual(multiple.stdout.split(separator: "\n").filter { $0.hasSuffix("[strong_self_capture]") }
                        .map { String($0.prefix(while: { $0 != " " })) },
                       ["App/SceneDelegate.swift:7:73:"])
    }

    func testCleanFolderExitsZeroWithSummary() throws {
        try write("Sources/A.swift", "let a = 1\n")
        try write("Sources/B.swift", "let b = 2\n")
        try write(".build/C.swift", "let c = 3\n")
        let result = try run([])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "Found 0 findings (0 errors, 0 warnings); 2 files checked.\n")
        let quiet = try run(["Sources", "--quiet"])
        XCTAssertEqual(quiet.stderr, "")
    }

    func testTimingsListEveryPhaseAndRuleOnStandardError() throws {
        try write("Sources/A.swift", "import Combine\nfinal class A { var bag = Set<AnyCancellable>()\n func f() { Just(1).sink { _ in }.store(in: &bag) } }\n")
        let result = try run(["Sources", "--timings", "--quiet", "--reporter", "json"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("{"), "the report is untouched on standard output")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let phases = lines.prefix { !$0.isEmpty }.dropFirst().map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(phases, ["configuration", "finding", "read", "lex,", "project", "rules'", "rules", "sorting", "report", "total"])
        XCTAssertEqual(lines.first, "phase                              seconds")
        // Every rule that ran has a line: its id, seconds, share.
        let ruleLines = lines.drop { !$0.hasPrefix("rule ") }.dropFirst().prefix { !$0.isEmpty }
        let ids = Set(ruleLines.map { String($0.prefix { $0 != " " }) })
        for id in ["strong_self_capture", "discarded_cancellable", "repeated_subscription", "(finding", "(suppression"] {
            XCTAssertTrue(ids.contains(id), "no timing for \(id) in \(result.stderr)")
        }
        for line in ruleLines {
            XCTAssertNotNil(line.range(of: #"^\S.* +\d+\.\d{3} +\d+\.\d%$"#, options: .regularExpression), line)
        }
        // Then the project-wide facts the rules made before the files, each with its seconds.
        let factLines = lines.drop { !$0.hasPrefix("project fact ") }.dropFirst().prefix { !$0.isEmpty }
        XCTAssertTrue(factLines.contains { $0.hasPrefix("repeated-view-calls ") }, result.stderr)
        for line in factLines {
            XCTAssertNotNil(line.range(of: #"^\S+ +\d+\.\d{3}$"#, options: .regularExpression), line)
        }
    }

    func testUnreadableFileIsAnIOErrorFindingAndFailsTheRun() throws {
        try write("A.swift", "let a = 1\n")
        try FileManager.default.createSymbolicLink(atPath: directory + "/Gone.swift", withDestinationPath: directory + "/missing")
        let result = try run(["A.swift", "Gone.swift"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "Gone.swift:1:1: error: cannot read 'Gone.swift': dangling symlink [io_error]\n")
        XCTAssertEqual(result.stderr, "Found 1 finding (1 error, 0 warnings); 1 file checked.\n")
    }

    func testConfigurationErrorStopsWithExitTwo() throws {
        try write(".combinelint.json", "{\n  \"rules\": {\"no_such_rule\": \"error\"}\n}\n")
        try write("A.swift", "let a = 1\n")
        let result = try run(["A.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "error: .combinelint.json:2:13: unknown rule 'no_such_rule' at $.rules.no_such_rule (see 'combinelint rules')\n")
    }

    func testUnknownReporterIsAUsageError() throws {
        let result = try run(["--reporter", "nope"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("error: unknown reporter 'nope' (available: "), result.stderr)
    }

    func testOutputFileLeavesStdoutEmpty() throws {
        try FileManager.default.createSymbolicLink(atPath: directory + "/Gone.swift", withDestinationPath: directory + "/missing")
        let result = try run(["Gone.swift", "--output", "report.txt", "--quiet"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try String(contentsOfFile: directory + "/report.txt", encoding: .utf8),
                       "Gone.swift:1:1: error: cannot read 'Gone.swift': dangling symlink [io_error]\n")
    }

    func testRulesListsTheMetaRules() throws {
        let result = try run(["rules"])
        XCTAssertEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("RULE") ?? false)
        XCTAssertTrue(lines.contains { $0.hasPrefix("superfluous_directive") && $0.contains("opt-in") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("io_error") && $0.contains(" error ") })
    }

    func testExplainUnknownRule() throws {
        let result = try run(["explain", "nope"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: unknown rule 'nope' (see 'combinelint rules')\n")
    }

    func testExplainPrintsTheEmbeddedDocumentFromAnyFolder() throws {
        // The temporary folder has no rules/ above it: the document comes from the binary.
        let document = try String(contentsOf: SamplesEndToEndTests.packageRoot.appendingPathComponent("rules/discarded_cancellable.md"),
                                  encoding: .utf8)
        let process = try run(["explain", "discarded_cancellable"])
        XCTAssertEqual(process.status, 0)
        XCTAssertEqual(process.stdout, document)
        // A local rules/ folder no longer overrides it, and a rule without a document prints its description.
        try write("rules/io_error.md", "# io_error\n\nA document.\n")
        let meta = try run(["explain", "io_error"])
        XCTAssertEqual(meta.stdout, "# Unreadable file (io_error)\n\nA file or folder could not be read; it was not analysed.\n\n"
                       + "Default severity: error; on by default.\n")
    }

    func testStdinPathReportsTheGivenPath() throws {
        let result = try run(["--stdin-path", "Sources/New.swift"], stdin: "let x = 1\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "Found 0 findings (0 errors, 0 warnings); 1 file checked.\n")
    }

    /// Needs the real lexer (the directive must be a comment token).
    func testInvalidDirectiveIsReportedAndStrictFailsOnIt() throws {
        try write("A.swift", "// combinelint:disable:next nope\nlet a = 1\n")
        let result = try run(["A.swift"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "A.swift:1:1: warning: unknown rule 'nope' in 'combinelint:disable:next' [invalid_directive]\n")
        XCTAssertEqual(result.stderr, "Found 1 finding (0 errors, 1 warning); 1 file checked.\n")
        XCTAssertEqual(try run(["A.swift", "--strict", "--quiet"]).status, 1)
    }

    func testChangedSinceOutsideAGitWorkTreeIsAUsageError() throws {
        try write("A.swift", "let a = 1\n")
        let result = try run(["--changed-since", "HEAD", "A.swift"], environment: ["GIT_CEILING_DIRECTORIES": (directory as NSString).deletingLastPathComponent])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: '\(directory)' is not inside a git work tree\n")
    }
}

private final class DataBox: @unchecked Sendable {
    var data = Data()
}
