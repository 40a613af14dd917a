import XCTest
@testable import CombineLintKit

final class FileWalkerTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws { root = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func walk(_ paths: [String], configuration: Configuration? = nil) throws -> [String] {
        let walker = FileWalker(configuration: configuration ?? Configuration(rootDirectory: root), currentDirectory: root)
        return try walker.walk(paths).files.map { $0.path }
    }

    func testFindsSwiftFilesSortedAndSkipsBuildAndHiddenFolders() throws {
        for path in ["b/Z.swift", "b/a/Y.swift", "A.swift", "notes.txt", ".build/X.swift", ".git/X.swift", "DerivedData/X.swift",
                     "Pods/X.swift", "Carthage/X.swift", ".swiftpm/X.swift", ".hidden/X.swift", "c/Pods/X.swift"] {
            try writeFile(root, path, "")
        }
        XCTAssertEqual(try walk(["."]), ["A.swift", "b/Z.swift", "b/a/Y.swift"])
        XCTAssertEqual(try walk([root + "/b"]), [root + "/b/Z.swift", root + "/b/a/Y.swift"])
    }

    /// The apps' settings files are found beside the sources, outside build and hidden folders:
    /// `Info.plist` files and Xcode projects (never linted), and package manifests (linted too);
    /// other property lists are not.
    func testSettingsFilesAreFound() throws {
        for path in ["App/Info.plist", "App/A.swift", "Watch/watch-Info.plist", "App/Settings.plist", ".build/Info.plist", "Pods/X/Info.plist",
                     "App.xcodeproj/project.pbxproj", "Package.swift"] {
            try writeFile(root, path, "")
        }
        let result = try FileWalker(configuration: Configuration(rootDirectory: root), currentDirectory: root).walk(["."])
        XCTAssertEqual(result.files.map(\.path), ["App/A.swift", "Package.swift"])
        XCTAssertEqual(result.settingsFiles, [root + "/App.xcodeproj/project.pbxproj", root + "/App/Info.plist", root + "/Package.swift",
                                              root + "/Watch/watch-Info.plist"])
    }

    func testExplicitFilesAreLintedEvenInSkippedFoldersOrExcluded() throws {
        try writeFile(root, ".build/X.swift", "")
        try writeFile(root, "Generated/G.swift", "")
        try writeFile(root, "script.txt", "")
        let config = Configuration(rootDirectory: root, exclude: [Glob("Generated/**")])
        XCTAssertEqual(try walk(["./.build/X.swift", "Generated/G.swift", "script.txt"], configuration: config),
                       [".build/X.swift", "Generated/G.swift", "script.txt"])
        XCTAssertEqual(try walk(["."], configuration: config), [])
    }

    func testIncludeAndExcludeGlobs() throws {
        for path in ["Sources/A.swift", "Sources/Gen/B.swift", "Tests/C.swift"] { try writeFile(root, path, "") }
        let config = Configuration(rootDirectory: root, include: [Glob("Sources/**")], exclude: [Glob("**/Gen/**")])
        XCTAssertEqual(try walk(["."], configuration: config), ["Sources/A.swift"])
    }

    func testSymlinkLoopsEndAndEachRealFileIsListedOnce() throws {
        try writeFile(root, "a/A.swift", "")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/loop", withDestinationPath: root + "/a")
        try FileManager.default.createSymbolicLink(atPath: root + "/alias", withDestinationPath: root + "/a")
        XCTAssertEqual(try walk(["."]), ["a/A.swift"])
    }

    func testASymlinkedFileIsListedOnceAndHardLinksAreFilesOfTheirOwn() throws {
        try writeFile(root, "a/A.swift", "let a = 1\n")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/B.swift", withDestinationPath: root + "/a/A.swift")
        try FileManager.default.linkItem(atPath: root + "/a/A.swift", toPath: root + "/a/C.swift")
        // B is A under another name (one real path); C is a second path to the same bytes, as
        // copies made with `cp -al` are, and is linted as a file of its own.
        XCTAssertEqual(try walk(["."]), ["a/A.swift", "a/C.swift"])
    }

    func testAFolderGivenThroughASymlinkIsWalkedUnderTheGivenName() throws {
        try writeFile(root, "real/Sources/A.swift", "")
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
        XCTAssertEqual(try walk(["link"]), ["link/Sources/A.swift"])
        // The same real folder reached twice is walked once.
        XCTAssertEqual(try walk(["link", "real"]), ["link/Sources/A.swift"])
    }

    func testFilesAreReadWhole() throws {
        let big = String(repeating: "let x = 1 // combinelint\n", count: 10_000)
        try writeFile(root, "Big.swift", big)
        try writeFile(root, "Empty.swift", "")
        XCTAssertEqual(try FileReader.read(root + "/Big.swift").get(), Array(big.utf8))
        XCTAssertEqual(try FileReader.read(root + "/Empty.swift").get(), [])
        guard case .failure(let error) = FileReader.read(root) else { return XCTFail("a folder was read as a file") }
        XCTAssertEqual(error.reason, "is a folder")
    }

    func testMissingPathIsAnError() {
        XCTAssertThrowsError(try walk(["nope"])) { XCTAssertEqual("\($0)", "no such file or folder: 'nope'") }
    }

    func testDanglingSymlinkGivenExplicitlyIsAnIOErrorFinding() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/Gone.swift", withDestinationPath: root + "/missing")
        let result = try FileWalker(configuration: Configuration(rootDirectory: root), currentDirectory: root).walk(["Gone.swift"])
        XCTAssertEqual(result.files, [])
        XCTAssertEqual(result.problems.map { "\($0.ruleID) \($0.severity) \($0.file): \($0.message)" },
                       ["io_error error Gone.swift: cannot read 'Gone.swift': dangling symlink"])
    }

    func testUnreadableFolderListingFailsWithAReason() throws {
        try writeFile(root, "file", "")
        XCTAssertNil(FileWalker.entries(of: root + "/file"))
        XCTAssertEqual(errno, ENOTDIR)
        XCTAssertEqual(FileWalker.entries(of: root)?.map(\.name), ["file"])
    }
}
