import CombineLintKit
import XCTest

final class GitHubReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        ::warning file=/elsewhere/Shared.swift,line=12,col=1,endLine=12,endColumn=20,title=discarded_cancellable::Result of `assign` is unused.
        ::warning file=Sources/App/Feed.swift,line=3,col=9,endLine=3,endColumn=36,title=discarded_cancellable::The AnyCancellable returned by `sink` is discarded, so the subscription ends at once.
        ::error file=Sources/App/Feed.swift,line=7,col=5,endLine=7,endColumn=40,title=assign_retain_cycle::100%25 sure: a, "b" <c> | d%0Anext — ünï 日本
        """# + "\n"
        XCTAssertEqual(GitHubReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
        let expected = ""
        XCTAssertEqual(GitHubReporter().report(ReporterFixtures.empty), expected)
    }

    func testPropertiesEscapeSeparators() {
        var finding = ReporterFixtures.outsideFinding
        finding.file = "/work/proj/a:b,c%.swift"
        finding.message = "x:y,z"
        let result = LintResult(findings: [finding], fileCount: 1, lineCount: 1, rules: [],
                                rootDirectory: ReporterFixtures.root)
        XCTAssertEqual(GitHubReporter().report(result),
                       "::warning file=a%3Ab%2Cc%25.swift,line=12,col=1,endLine=12,endColumn=20,"
                       + "title=discarded_cancellable::x:y,z\n")
    }
}
