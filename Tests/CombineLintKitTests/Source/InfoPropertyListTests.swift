import XCTest
@testable import CombineLintKit

final class InfoPropertyListTests: XCTestCase {
    private func supports(_ text: String) -> Bool {
        InfoPropertyList.supportsMultipleScenes(Array(text.utf8))
    }

    func testMultipleScenesKeyIsReadWithItsValue() {
        let manifest = { (value: String) in
            "<plist version=\"1.0\">\n<dict>\n\t<key>UIApplicationSceneManifest</key>\n\t<dict>\n\t\t<key>UIApplicationSupportsMultipleScenes</key>\n\t\t\(value)\n\t</dict>\n</dict>\n</plist>\n"
        }
        XCTAssertTrue(supports(manifest("<true/>")))
        XCTAssertFalse(supports(manifest("<false/>")))
        XCTAssertFalse(supports("<dict><key>UIApplicationSceneManifest</key><dict/></dict>"))
        XCTAssertFalse(supports(""))
        // Another key's true value after the scenes key's false one says nothing about scenes.
        XCTAssertFalse(supports("<key>UIApplicationSupportsMultipleScenes</key><false/><key>UIRequiresFullScreen</key><true/>"))
    }

    func testNamesOfInformationPropertyLists() {
        XCTAssertTrue(InfoPropertyList.isInfoPropertyList(named: "Info.plist"))
        XCTAssertTrue(InfoPropertyList.isInfoPropertyList(named: "podcasts-Info.plist"))
        XCTAssertFalse(InfoPropertyList.isInfoPropertyList(named: "Settings.plist"))
        XCTAssertFalse(InfoPropertyList.isInfoPropertyList(named: "Info.plist.swift"))
    }
}
