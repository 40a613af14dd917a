import Foundation
import XCTest

/// `combinelint instrument` through the built executable: a CRLF file and one without a final
/// line break, instrumented, linted with the same findings, and restored byte for byte.
extension CLITests {
    func testInstrumentThenRemoveThroughTheExecutable() throws {
        let crlf = "import Combine\r\nfinal class Feed {\r\n    var bag = Set<AnyCancellable>()\r\n    func bind() {\r\n        posts\r\n            .sink { _ in }\r\n            .store(in: &bag)\r\n        posts.sink { [self] _ in print(self) }\r\n    }\r\n}\r\n"
        let bare = "import Combine\nfunc watch(_ p: AnyPublisher<Int, Never>) { p.assign(to: \\.title, on: label) }"
        try write("App/Feed.swift", crlf)
        try write("App/Watch.swift", bare)
        let lintBefore = try run(["lint", "App", "--reporter", "json", "--quiet"])

        let dryRun = try run(["instrument", "--dry-run", "App"])
        XCTAssertEqual(dryRun.status, 1)
        XCTAssertEqual(dryRun.stdout, """
        --- a/App/Feed.swift
        +++ b/App/Feed.swift
        @@ -1,10 +1,10 @@
        -import Combine\r
        +import Combine; import CombineTrace /*combinelint-trace*/\r
         final class Feed {\r
             var bag = Set<AnyCancellable>()\r
             func bind() {\r
                 posts\r
        -            .sink { _ in }\r
        +            .trace("Feed.bind" /*combinelint-trace*/).sink { _ in }\r
                     .store(in: &bag)\r
        -        posts.sink { [self] _ in print(self) }\r
        +        posts.trace("Feed.bind" /*combinelint-trace*/).sink { [self] _ in print(self) }\r
             }\r
         }\r
        --- a/App/Watch.swift
        +++ b/App/Watch.swift
        @@ -1,2 +1,2 @@
        -import Combine
        -func watch(_ p: AnyPublisher<Int, Never>) { p.assign(to: \\.title, on: label) }
        \\ No newline at end of file
        +import Combine; import CombineTrace /*combinelint-trace*/
        +func watch(_ p: AnyPublisher<Int, Never>) { p.trace("watch" /*combinelint-trace*/).assign(to: \\.title, on: label) }
        \\ No newline at end of file

        """)
        XCTAssertEqual(dryRun.stderr, "Would instrument 3 sites in 2 files.\n")

        let applied = try run(["instrument", "App"])
        XCTAssertEqual(applied.status, 0)
        XCTAssertEqual(applied.stdout, "")
        XCTAssertEqual(applied.stderr, "Instrumented 3 sites in 2 files.\n")
        let lintAfter = try run(["lint", "App", "--reporter", "json", "--quiet"])
        XCTAssertEqual(lintAfter.status, lintBefore.status)
        XCTAssertTrue(lintBefore.stdout.contains("\"line\": 8"), "the unstored sink is a finding")
        XCTAssertEqual(findingLines(lintAfter.stdout), findingLines(lintBefore.stdout))

        let removed = try run(["instrument", "--remove", "App"])
        XCTAssertEqual(removed.status, 0)
        XCTAssertEqual(removed.stderr, "Removed 3 traces and 2 imports from 2 files.\n")
        XCTAssertEqual(FileManager.default.contents(atPath: directory + "/App/Feed.swift"), Data(crlf.utf8))
        XCTAssertEqual(FileManager.default.contents(atPath: directory + "/App/Watch.swift"), Data(bare.utf8))

        let help = try run(["help", "instrument"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Insert .trace(\"<site>\") before every subscriber"))
        XCTAssertTrue(try run(["--help"]).stdout.contains("instrument       Insert .trace calls"))
    }

    /// `"rule": …` and `"line": …` of a JSON report, in order (columns move on an instrumented line).
    private func findingLines(_ json: String) -> [String] {
        json.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("\"rule\"") || $0.hasPrefix("\"line\"") || $0.hasPrefix("\"file\"") }
    }
}

extension ReadmeExamplesTests {
    func testInstrumentExample() throws {
        XCTAssertEqual(try output(["instrument", "--dry-run", "samples/App/Services/UploadService.swift"]),
                       try block(after: "`combinelint instrument --dry-run samples/App/Services/UploadService.swift`", fence: "```diff"))
    }
}
