import XCTest
@testable import CombineLintKit

final class GlobTests: XCTestCase {
    func testStarStaysInsideOneSegment() {
        XCTAssertTrue(Glob("Sources/*.swift").matches("Sources/A.swift"))
        XCTAssertFalse(Glob("Sources/*.swift").matches("Sources/Sub/A.swift"))
        XCTAssertTrue(Glob("*Tests*").matches("AppTests"))
        XCTAssertFalse(Glob("*.swift").matches("A.swif"))
    }

    func testDoubleStarMatchesAnyNumberOfSegments() {
        let glob = Glob("**/Generated/**")
        XCTAssertTrue(glob.matches("Generated/A.swift"))
        XCTAssertTrue(glob.matches("App/Feature/Generated/Sub/A.swift"))
        XCTAssertFalse(glob.matches("App/GeneratedX/A.swift"))
        XCTAssertTrue(Glob("Sources/**").matches("Sources/a/b/c.swift"))
        XCTAssertTrue(Glob("**/*.swift").matches("a.swift"))
    }

    func testQuestionMarkMatchesOneCharacter() {
        XCTAssertTrue(Glob("File?.swift").matches("File1.swift"))
        XCTAssertFalse(Glob("File?.swift").matches("File.swift"))
        XCTAssertFalse(Glob("a?b").matches("a/b"))
    }

    func testFolderPruning() {
        XCTAssertTrue(Glob("Pods/**").matchesEverything(inside: "Pods"))
        XCTAssertTrue(Glob("**/Generated/**").matchesEverything(inside: "A/Generated"))
        XCTAssertFalse(Glob("**/*.swift").matchesEverything(inside: "A"))
        XCTAssertTrue(Glob("./Vendor/").matches("Vendor"))
    }

    func testConfigurationFiltersOnlyInsideItsRoot() {
        let config = Configuration(rootDirectory: "/p", include: [Glob("Sources/**")], exclude: [Glob("**/Generated/**")])
        XCTAssertTrue(config.includesFile("/p/Sources/A.swift"))
        XCTAssertFalse(config.includesFile("/p/Tests/A.swift"))
        XCTAssertFalse(config.includesFile("/p/Sources/Generated/A.swift"))
        XCTAssertTrue(config.includesFile("/elsewhere/A.swift"))
        XCTAssertTrue(config.excludesFolder("/p/Sources/Generated"))
        XCTAssertFalse(config.excludesFolder("/p/Sources"))
    }
}
