import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 115 (see the rule documents).
final class DefaultRulesRound115Tests: XCTestCase {
    /// A `flatMap` closure whose signature declares a `Just` (or `Empty`, `Fail`) result answers as it
    /// is subscribed on every path (`exists(url) ? Just(url) : Just(nil)`): nothing can arrive out of
    /// order. Declared as `AnyPublisher`, the same closure may return a request, and it is reported.
    func testAFlatMapClosureDeclaringAJustResultIsImmediate() {
        func text(result: String, body: String) -> String {
            """
            final class LibraryModel: ObservableObject {
                @Published var libraryFolder: URL? = nil
                init(settings: SettingsStore, api: LibraryAPI) {
                    settings.$destinationURL
                        .removeDuplicates()
                        .flatMap { url -> \(result) in
                            \(body)
                        }
                        .assign(to: &$libraryFolder)
                }
            }
            """
        }
        let immediate = text(result: "Just<URL?>", body: "FileManager.default.fileExists(atPath: url.path) ? Just(url) : Just(nil)")
        XCTAssertTrue(findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "Library.swift", text: immediate)]).isEmpty)
        let erased = text(result: "AnyPublisher<URL?, Never>", body: "api.resolve(url).replaceError(with: nil).eraseToAnyPublisher()")
        XCTAssertEqual(findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "Library.swift", text: erased)]).map { "\($0.line):\($0.column)" }, ["6:14"])
    }
}
