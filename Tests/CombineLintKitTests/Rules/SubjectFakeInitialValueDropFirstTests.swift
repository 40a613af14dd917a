import XCTest
@testable import CombineLintKit

/// A consumer that starts with `dropFirst()` drops the value the property holds when it subscribes,
/// the fake nil or a stale event alike: nothing is replayed to it, so it is no evidence of an event.
final class SubjectFakeInitialValueDropFirstTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    private let service = """
    final class SyncEngine {
        static let shared = SyncEngine()
        let conflict = CurrentValueSubject<Conflict?, Never>(nil)
        @Published var expiry: Date?
    }
    final class ConflictBanner: UIView {
        private var bag = Set<AnyCancellable>()
        func observe() {
            SyncEngine.shared.conflict.dropFirst().compactMap { $0 }.sink { [weak self] in self?.show($0) }.store(in: &bag)
            SyncEngine.shared.$expiry.compactMap { $0 }.dropFirst().sink { [weak self] in self?.warn($0) }.store(in: &bag)
        }
    }
    """

    func testDropFirstBeforeOrAfterTheSkipIsNoEvidence() {
        XCTAssertEqual(positions(service), [])
    }

    func testAnotherConsumerThatSkipsNilStillMakesItAnEvent() {
        let another = service.replacingOccurrences(of: "conflict.dropFirst().compactMap", with: "conflict.compactMap")
            .replacingOccurrences(of: "$expiry.compactMap { $0 }.dropFirst()", with: "$expiry.filter { $0 != nil }")
        XCTAssertEqual(positions(another), ["3:9", "4:20"])
    }
}
