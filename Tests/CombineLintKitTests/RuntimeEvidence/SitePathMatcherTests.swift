@testable import CombineLintKit
import XCTest

/// Trace sites (`#fileID:#line`) against linted paths: the longest common suffix of whole
/// components wins; a tie, or no file of that name, matches nothing.
final class SitePathMatcherTests: XCTestCase {
    let paths = [
        "/repo/Sources/Feed/FeedViewController.swift",
        "/repo/Sources/Feed/Cell.swift",
        "/repo/Sources/Profile/Cell.swift",
        "/repo/Sources/Profile/ProfileView.swift",
    ]

    func testTheModuleAndFileNamePickTheFile() {
        let matcher = SitePathMatcher(paths: paths)
        XCTAssertEqual(matcher.match("Feed/FeedViewController.swift"), .file(0))
        XCTAssertEqual(matcher.match("Profile/ProfileView.swift"), .file(3))
    }

    func testTheSameFileNameInDifferentModulesIsToldApartByTheModule() {
        let matcher = SitePathMatcher(paths: paths)
        XCTAssertEqual(matcher.match("Feed/Cell.swift"), .file(1))
        XCTAssertEqual(matcher.match("Profile/Cell.swift"), .file(2))
    }

    func testAnAmbiguousSuffixMatchesNoFile() {
        // The module `Settings` is neither folder: both `Cell.swift` share only the file name.
        let matcher = SitePathMatcher(paths: paths)
        XCTAssertEqual(matcher.match("Settings/Cell.swift"), .ambiguous([1, 2]))
        XCTAssertEqual(matcher.match("Cell.swift"), .ambiguous([1, 2]))
    }

    func testAUniqueFileNameMatchesWhateverItsModule() {
        // `#fileID` names the module, which need not be the folder's name.
        XCTAssertEqual(SitePathMatcher(paths: paths).match("App/FeedViewController.swift"), .file(0))
    }

    func testASiteMatchingNoFile() {
        let matcher = SitePathMatcher(paths: paths)
        XCTAssertEqual(matcher.match("Feed/Missing.swift"), .none)
        XCTAssertEqual(matcher.match("feed/cell.swift"), .none, "components compare exactly, case included")
        XCTAssertEqual(SitePathMatcher(paths: []).match("Feed/Cell.swift"), .none)
    }

    func testRelativePathsAndBackslashes() {
        let matcher = SitePathMatcher(paths: ["./samples/TraceDemo/FeedScreen.swift", "samples/App/Feed/FeedScreen.swift"])
        XCTAssertEqual(matcher.match("TraceDemo/FeedScreen.swift"), .file(0))
        XCTAssertEqual(matcher.match("App\\Feed\\FeedScreen.swift"), .file(1))
    }

    func testSiteLocations() {
        XCTAssertEqual(SiteLocation("TraceDemo/FeedScreen.swift:35"), SiteLocation(path: "TraceDemo/FeedScreen.swift", line: 35))
        XCTAssertEqual(SiteLocation("C:/x/A.swift:7"), SiteLocation(path: "C:/x/A.swift", line: 7))
        XCTAssertNil(SiteLocation("TraceDemo/FeedScreen.swift"))
        XCTAssertNil(SiteLocation("A.swift:0"))
        XCTAssertNil(SiteLocation(":12"))
        XCTAssertNil(SiteLocation("?"))
    }
}
