import XCTest
@testable import CombineLintKit

final class TestCaseCodeTests: XCTestCase {
    func testTestFoldersAreTestTargetsAndFoldersOfDoublesNotTheBareTestsRoot() {
        let inTests = ["AppTests/FeedTests.swift", "Tests/CoreTests/Support/Delivery.swift", "App/UITests/Flow.swift",
                       "Sources/Mocks/FeedServiceMock.swift", "App/TestSupport/Clock.swift", "/repo/Feature/Fakes/Store.swift",
                       // A file of test doubles by its name (round 121: `InMemoryScanStore` in `Tests/Mocks.swift`).
                       "Tests/Mocks.swift", "Stubs.swift", "App/Support/TestDoubles.swift",
                       // Named for doubles by its first word, in the bare tests folder (round 131).
                       "Tests/MockServices.swift", "App/Tests/FakeClock.swift"]
        let notInTests = ["Sources/Feed/Feed.swift", "Tests/Fixtures/PluginPackage/Sources/Feed/Feed.swift",
                          "/home/ci/Tests/app/Sources/Model.swift", "Sources/AppTests.swift", "Latests/Model.swift",
                          "Sources/MockingbirdView.swift", "Sources/Mocks.swift.orig/Model.swift", "Sources/StubsView.swift",
                          "Sources/MockServices.swift", "Tests/MockingbirdFixture.swift"]
        XCTAssertEqual(inTests.filter { !TestCaseCode.isInTestFolder($0) }, [])
        XCTAssertEqual(notInTests.filter(TestCaseCode.isInTestFolder), [])
    }

    func testAPackageUnderATestsFolderIsStillLinted() {
        // A package kept as a fixture of another's tests, linted by the path its plugin passes.
        let text = "import Combine\nlet feed = Just(1).receive(on: RunLoop.main)\n"
        let found = findings(of: RunLoopMainSchedulerRule.self, in: [("/work/Tests/Fixtures/Pkg/Sources/Feed/Feed.swift", text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:32"])
        XCTAssertEqual(findings(of: RunLoopMainSchedulerRule.self, in: [("/work/Tests/PkgTests/Feed.swift", text)]).count, 0)
    }
}
