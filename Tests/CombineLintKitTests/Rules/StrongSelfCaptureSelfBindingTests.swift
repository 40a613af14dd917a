import XCTest
@testable import CombineLintKit

/// `guard let strongSelf = self` in a `[weak self]` closure (the style before Swift 4.2): a strong
/// reference to `self` under another name, and `strongSelf.bag` is `self`'s bag (issue #13 probes).
final class StrongSelfCaptureSelfBindingTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: StrongSelfCaptureRule.self, in: files).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
    }

    /// The nested closure holds `strongSelf`, and `strongSelf.bag` (self's bag) keeps it.
    func testNestedSubscriptionCapturingTheBindingIsACycle() {
        let text0 = """
        final class ProfileModel {
            private var bag = Set<AnyCancellable>()
            let sessions = PassthroughSubject<Void, Never>()
            let names = PassthroughSubject<String, Never>()
            var name = ""
            init() {
                sessions.sink { [weak self] _ in
                    guard let strongSelf = self else { return }
                    strongSelf.names.sink { strongSelf.name = $0 }.store(in: &strongSelf.bag)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:9:37"])
    }

    /// The outer closure captures `self` weakly; a nested closure that captures the binding weakly
    /// holds nothing strongly.
    func testUsesOfTheBindingInTheOuterClosureAndWeakNestedCapturesAreQuiet() {
        let text0 = """
        final class ProfileModel {
            private var bag = Set<AnyCancellable>()
            let sessions = PassthroughSubject<Void, Never>()
            let names = PassthroughSubject<String, Never>()
            var name = ""
            init() {
                sessions.sink { [weak self] _ in
                    guard let strongSelf = self else { return }
                    strongSelf.name = ""
                    strongSelf.names.sink { [weak strongSelf] in strongSelf?.name = $0 }.store(in: &strongSelf.bag)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), [])
    }
}
