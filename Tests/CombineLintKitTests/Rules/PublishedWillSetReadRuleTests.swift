import XCTest
@testable import CombineLintKit

final class PublishedWillSetReadRuleTests: XCTestCase {
    /// `$query` hands the new value to the closure; `objectWillChange` hands none, so its help
    /// points at the property's own publisher. Neither advises a scheduler hop.
    func testMessageAndHelpForAProjectionAndForObjectWillChange() {
        let text = """
        final class SearchModel: ObservableObject {
            @Published var query = ""
            var bag = Set<AnyCancellable>()
            init() {
                $query.sink { [weak self] _ in self?.search(self?.query ?? "") }.store(in: &bag)
                objectWillChange.sink { [weak self] _ in print(self?.query ?? "") }.store(in: &bag)
            }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endColumn)" }, ["5:53-64", "6:56-67"])
        XCTAssertEqual(found.map(\.message), [
            "`query` still holds its old value here: `@Published` publishes in `willSet`, before the property changes.",
            "`query` still holds its old value here: `objectWillChange` sends before any `@Published` property changes.",
        ])
        XCTAssertEqual(found.map(\.help), [
            "Use the value the closure receives (`$0` or a named parameter) instead of reading `query`.",
            "Subscribe to `$query` and use the value it sends instead of reading `query`.",
        ])
    }
}
