import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 119 (see the rule documents).
final class DefaultRulesRound119Tests: XCTestCase {
    /// `rebuildColumns(floor: floor)` with `func rebuildColumns(floor: Int?? = nil) { let f = floor ?? selectedFloor }`:
    /// the argument, even a nil `Int?`, arrives as `.some`, so the fallback read of `selectedFloor`
    /// never runs on that call. A call that leaves `floor:` out reads the old value and is reported,
    /// and so is the same helper with a single optional parameter (a nil argument falls back).
    func testAFallbackBehindADoublyOptionalParameterGivenAnArgumentIsNotRead() {
        func text(call: String, parameter: String = "Int?? = nil") -> String {
            """
            final class HousekeepingBoard: ObservableObject {
                @Published var selectedFloor: Int?
                @Published private(set) var columns: [Column] = []
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $selectedFloor
                        .sink { [weak self] floor in
                            \(call)
                        }
                        .store(in: &cancellables)
                }
                private func rebuildColumns(floor: \(parameter)) {
                    let shown = floor ?? selectedFloor
                    columns = Column.all(on: shown)
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.rebuildColumns(floor: floor)")), [])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.rebuildColumns()")), ["8:23"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.rebuildColumns(floor: floor)", parameter: "Int? = nil")), ["8:23"])
    }
}
