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

/// `GlobSet` (the trie) must agree with matching each glob on its own, and rebasing must keep a
/// glob's meaning under the folder it moves to.
final class GlobSetTests: XCTestCase {
    let patterns = ["Sources/**", "**/Generated/**", "**/*.pb.swift", "App/*/View?.swift", "Vendor", "**/Name.swift",
                    "A/**/B/**", "**", "A/B/C.swift", "**/X/**/Y", "*", "./Docs/"]
    let paths = ["Sources/A.swift", "Gen/Generated/x.swift", "Generated", "a/b/M.pb.swift", "App/Feed/View1.swift",
                 "App/Feed/View10.swift", "Vendor", "Vendor/x.swift", "Name.swift", "a/Name.swift", "A/x/B/y", "A/B",
                 "A/B/C.swift", "q/X/r/Y", "q/X/Y/z", "Docs", "", "z"]

    func testTheSetAgreesWithEachGlob() {
        for count in 1...patterns.count {
            let globs = patterns.prefix(count).map(Glob.init)
            let set = GlobSet(globs)
            for path in paths {
                let expected = globs.indices.filter { globs[$0].matches(path) }
                XCTAssertEqual(set.matchingIndices(path), expected, "\(path) with \(globs.map(\.pattern))")
                XCTAssertEqual(set.matches(path), !expected.isEmpty, path)
                let folder = globs.contains { $0.matches(path) || $0.matchesEverything(inside: path) }
                XCTAssertEqual(set.matchesFolder(path), folder, "folder \(path) with \(globs.map(\.pattern))")
            }
        }
    }

    func testRebasedGlobsMatchTheSamePathsBelowTheFolder() {
        for pattern in patterns {
            let glob = Glob(pattern), rebased = Glob(pattern).rebased(under: "Feature/Sub")
            for path in paths {
                XCTAssertEqual(rebased.matches("Feature/Sub/" + path), glob.matches(path), "\(pattern) on \(path)")
            }
        }
        XCTAssertEqual(Glob("Vendor/**").rebased(under: "Feature").pattern, "Feature/Vendor/**")
        XCTAssertEqual(Glob("x").rebased(under: ""), Glob("x"))
    }

    func testQuestionMarkTakesOneCharacterOfSeveralBytes() {
        XCTAssertTrue(Glob("Caf?.swift").matches("Café.swift"))
        XCTAssertFalse(Glob("Caf??.swift").matches("Café.swift"))
    }
}
