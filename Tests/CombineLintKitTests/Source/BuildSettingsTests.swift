import XCTest
@testable import CombineLintKit

final class BuildSettingsTests: XCTestCase {
    private func settings(_ text: String, named name: String) -> AppSettings {
        var settings = AppSettings()
        settings.read(Array(text.utf8), ofFileNamed: name)
        return settings
    }

    /// Swift 6.2's default isolation, as an Xcode project and a package manifest write it.
    func testDefaultMainActorIsolationIsReadFromProjectsAndManifests() {
        let project = { (value: String) in
            "buildSettings = {\n\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = \(value);\n\t\t\t\tSWIFT_VERSION = 6.0;\n\t\t\t};"
        }
        XCTAssertTrue(settings(project("MainActor"), named: "project.pbxproj").defaultsToMainActor)
        XCTAssertFalse(settings(project("nonisolated"), named: "project.pbxproj").defaultsToMainActor)
        XCTAssertFalse(settings("SWIFT_VERSION = 5.0;", named: "project.pbxproj").defaultsToMainActor)
        let manifest = { (setting: String) in
            ".executableTarget(name: \"App\", swiftSettings: [\(setting)])"
        }
        XCTAssertTrue(settings(manifest(".defaultIsolation(MainActor.self)"), named: "Package.swift").defaultsToMainActor)
        XCTAssertFalse(settings(manifest(".defaultIsolation(nil)"), named: "Package.swift").defaultsToMainActor)
        // An Info.plist says nothing about isolation, a project nothing about scenes.
        XCTAssertFalse(settings(project("MainActor"), named: "Info.plist").defaultsToMainActor)
        XCTAssertFalse(settings("<key>UIApplicationSupportsMultipleScenes</key><true/>", named: "project.pbxproj").supportsMultipleScenes)
        XCTAssertTrue(settings("<key>UIApplicationSupportsMultipleScenes</key><true/>", named: "Info.plist").supportsMultipleScenes)
    }

    /// A `Task` a plain class's method starts runs on the global executor, unless the app makes the
    /// main actor the default isolation: then the class is the main actor's, and so is the task.
    func testATaskOfAPlainClassRunsOnMainWhereTheMainActorIsTheDefaultIsolation() {
        let text = """
        final class Plain {
            let d = PassthroughSubject<Int, Never>()
            func go() { Task { d.send(1) } }
        }
        @MainActor final class Feed: ObservableObject {
            @Published var n = 0
            var bag = Set<AnyCancellable>()
            func bind(_ plain: Plain) {
                plain.d.sink { [weak self] in self?.n = $0 }.store(in: &bag)
            }
        }
        """
        func places(defaultsToMainActor: Bool) -> [String] {
            var engine = LintEngine(rules: [ConfiguredRule(rule: MainActorBackgroundDeliveryRule())], suppressions: SuppressionFilter(knownRuleIDs: []), jobs: 1)
            engine.appSettings = AppSettings(defaultsToMainActor: defaultsToMainActor)
            return engine.run([LintInput(path: "A.swift", absolutePath: "/A.swift", bytes: Array(text.utf8))]).findings.map { "\($0.line):\($0.column)" }
        }
        XCTAssertEqual(places(defaultsToMainActor: false), ["9:17"])
        XCTAssertEqual(places(defaultsToMainActor: true), [])
    }
}
