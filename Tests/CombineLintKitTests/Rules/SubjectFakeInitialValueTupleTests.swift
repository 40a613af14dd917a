import XCTest
@testable import CombineLintKit

/// `combineLatest` and `zip` hand a subject's values on as one element of their tuples: what
/// the next step does with that element says whether nil is skipped (issue #13 probes, round 3).
final class SubjectFakeInitialValueTupleTests: XCTestCase {
    /// `$route.combineLatest($isLoggedIn).compactMap { route, loggedIn in loggedIn ? route : nil }`
    /// skips the nil of `route`; `Publishers.CombineLatest(visible, banner).map { $1 }.compactMap { $0 }`
    /// the nil of `banner`. `$token.combineLatest($user).compactMap { token, user in token.map { … } }`
    /// skips the nil of `token` (a state here: `logout()` writes nil) and hands `user` on as it is,
    /// read with `?? "guest"`: neither is an event.
    func testTupleElementsUnwrappedAfterCombineLatest() {
        let text = """
        final class Session {
            @Published var route: String?
            @Published var isLoggedIn = false
            let banner = CurrentValueSubject<String?, Never>(nil)
            let visible = CurrentValueSubject<Bool, Never>(true)
            @Published var user: String?
            @Published var token: String?
            private var bag = Set<AnyCancellable>()
            init() {
                $route.combineLatest($isLoggedIn)
                    .compactMap { route, loggedIn in loggedIn ? route : nil }
                    .sink { print($0) }
                    .store(in: &bag)
                Publishers.CombineLatest(visible, banner)
                    .map { $1 }
                    .compactMap { $0 }
                    .sink { print($0) }
                    .store(in: &bag)
                $token.combineLatest($user)
                    .compactMap { token, user in token.map { ($0, user) } }
                    .sink { print($0.0, $0.1 ?? "guest") }
                    .store(in: &bag)
            }
            func logout() { token = nil }
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:20", "4:9"])
    }

    /// A bare `$toast` given whole to `Publishers.Merge` or `merge(with:)` is the declaring type's own
    /// property (a projected name is no identifier of the index, so each file's are gathered apart):
    /// the merged chain's `compactMap` skips its nil too. `$flag` merged and read through
    /// `.map { $0 ?? false }` is state (probe round 4).
    func testProjectedPropertiesMergedWhole() {
        let text = """
        final class Notices {
            @Published var saved: String?
            @Published var failed: String?
            @Published var warned: String?
            @Published var flag: Bool?
            @Published var other: Bool?
            private var bag = Set<AnyCancellable>()
            init() {
                Publishers.Merge($saved, $failed).compactMap { $0 }.sink { print($0) }.store(in: &bag)
                $saved.merge(with: $warned).compactMap { $0 }.sink { print($0) }.store(in: &bag)
                $other.merge(with: $flag).map { $0 ?? false }.sink { print($0) }.store(in: &bag)
            }
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:20", "3:20", "4:20"])
    }
}
