import XCTest
@testable import CombineLintKit

final class PublishedBackgroundMutationRuleTests: XCTestCase {
    /// Each background source gets the way back to the main thread that fits it.
    func testMessageNamesThePropertyAndHelpFitsTheSource() {
        let text = """
        final class AccountModel: ObservableObject {
            @Published var name = ""
            func load() {
                DispatchQueue.global().async { self.name = "a" }
                Task.detached { self.name = "b" }
                source.subscribe(on: DispatchQueue.global()).sink { self.name = $0 }.store(in: &bag)
            }
        }
        """
        let found = findings(of: PublishedBackgroundMutationRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["4:45", "5:30", "6:66"])
        XCTAssertEqual(found.map(\.message), [
            "`name` is @Published and changes here on a global queue, so its subscribers and SwiftUI views update off the main thread.",
            "`name` is @Published and changes here in a detached task, so its subscribers and SwiftUI views update off the main thread.",
            "`name` is @Published and changes here in a sink after subscribe(on:) without receive(on:), so its subscribers and SwiftUI views update off the main thread.",
        ])
        XCTAssertEqual(found.map(\.help), [
            "Change it inside `DispatchQueue.main.async { … }`, or make `AccountModel` @MainActor.",
            "Change it inside `await MainActor.run { … }`, or make `AccountModel` @MainActor.",
            "Add `.receive(on: DispatchQueue.main)` before the `sink`, or make `AccountModel` @MainActor.",
        ])
    }

    /// A mutating method called with only a trailing closure (`removeAll { … }`, `sort { … }`)
    /// changes the property as `removeAll(where:)` does.
    func testMutatingCallWithATrailingClosure() {
        let text = """
        final class Downloads: ObservableObject {
            @Published var done: [Item] = []
            func verify() {
                Task.detached { [weak self] in
                    self?.done.removeAll { $0.isMissing }
                    let sorted = [1, 2].sorted { $0 < $1 }
                }
                DispatchQueue.global().async { self.done.sort { $0.name < $1.name } }
            }
        }
        """
        let found = findings(of: PublishedBackgroundMutationRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:19", "8:45"])
    }

    /// An identity comparison (`!==`, `===`) or any other comparison reads the property; a
    /// compound assignment (`+=`, `??=`) writes it.
    func testComparisonsReadAndCompoundAssignmentsWrite() {
        let text = """
        final class Session: ObservableObject {
            @Published var owner: Account?
            @Published var count = 0
            func refresh(from sender: Account) {
                DispatchQueue.global().async {
                    guard self.owner !== sender else { return }
                    if self.owner === sender || self.count >= 3 { return }
                    self.count += 1
                    self.owner ??= sender
                }
            }
        }
        """
        let found = findings(of: PublishedBackgroundMutationRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:18", "9:18"])
    }

    /// URLSession calls a completion handler on its delegate queue: a background one for `.shared`
    /// and for a session made without a delegate queue. A session made with `delegateQueue: .main`,
    /// a hop inside the handler, and a session the code does not show are not reported.
    func testURLSessionCompletionHandlers() {
        let text = """
        final class Profile: ObservableObject {
            @Published var avatar: Data?
            private let session = URLSession.shared
            private let own = URLSession(configuration: .default)
            private let onMain = URLSession(configuration: .default, delegate: nil, delegateQueue: .main)
            private let given: URLSession
            init(given: URLSession) { self.given = given }
            func load(_ url: URL) {
                session.dataTask(with: url) { [weak self] data, _, _ in self?.avatar = data }.resume()
                URLSession.shared.dataTask(with: url) { data, _, _ in self.avatar = data }.resume()
                self.own.downloadTask(with: url) { _, _, _ in self.avatar = nil }.resume()
                onMain.dataTask(with: url) { data, _, _ in self.avatar = data }.resume()
                given.dataTask(with: url) { data, _, _ in self.avatar = data }.resume()
                session.dataTask(with: url) { data, _, _ in DispatchQueue.main.async { self.avatar = data } }.resume()
            }
        }
        """
        let found = findings(of: PublishedBackgroundMutationRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["9:71", "10:68", "11:60"])
    }
}
