import XCTest
@testable import CombineLintKit

/// A project function that returns the `AnyCancellable` of a subscription it makes, called as a
/// statement: the caller drops the only token (issue #13 probes).
final class DiscardedCancellableHelperResultTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: DiscardedCancellableRule.self, in: files).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
    }

    /// `@discardableResult func observe() -> AnyCancellable { values.sink { … } }` called as `observe()`
    /// (here, and through an object of another file) cancels the subscription at once.
    func testDroppedResultOfASubscribingHelperIsReported() {
        let text0 = """
        final class Observer {
            let values = PassthroughSubject<Int, Never>()
            @discardableResult
            func observe() -> AnyCancellable {
                values.sink { print($0) }
            }
            @discardableResult
            func listen(_ handler: @escaping (Int) -> Void) -> AnyCancellable {
                return values.sink(receiveValue: handler)
            }
            func start() {
                observe()
            }
        }
        """
        let text1 = """
        final class Client {
            let observer = Observer()
            func start() {
                observer.listen { print($0) }
            }
        }
        """
        XCTAssertEqual(positions([(path: "Observer.swift", text: text0), (path: "Client.swift", text: text1)]), ["Client.swift:4:18", "Observer.swift:12:9"])
    }

    /// The helper's result as the only expression of a closure that returns `Void` (`forEach`) is
    /// dropped too; `send` on a subject reached through properties (a test double's
    /// `stream.updates.send(x)`) is the subject's, not the project's `send(_:)` of that name.
    func testDroppedInAVoidClosureAndSubjectSendsThroughProperties() {
        let client = """
        final class APIClient {
            let session = URLSession.shared
            @discardableResult
            func send(_ endpoint: Endpoint) -> AnyCancellable {
                session.dataTaskPublisher(for: endpoint.request).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
        }
        final class Uploader {
            let api = APIClient()
            func flush(_ pending: [Endpoint]) {
                pending.forEach { endpoint in api.send(endpoint) }
                let kept = pending.map { api.send($0) }
                tokens = kept
            }
        }
        """
        let tests = """
        final class MockStream {
            let updates = PassthroughSubject<Int, Never>()
        }
        final class StreamTests: XCTestCase {
            private var stream: MockStream!
            func testUpdate() {
                stream.updates.send(1)
            }
        }
        """
        XCTAssertEqual(positions([(path: "APIClient.swift", text: client), (path: "StreamTests.swift", text: tests)]), ["APIClient.swift:11:43"])
    }

    /// A helper that stores the cancellable before returning it keeps the subscription; a result that
    /// the caller stores is kept too.
    func testHelperThatKeepsItsSubscriptionIsQuiet() {
        let text0 = """
        final class Binder {
            private var bag = Set<AnyCancellable>()
            private var token: AnyCancellable?
            let values = PassthroughSubject<Int, Never>()
            @discardableResult
            func bind() -> AnyCancellable {
                let c = values.sink { print($0) }
                c.store(in: &bag)
                return c
            }
            func observe() -> AnyCancellable {
                values.sink { print($0) }
            }
            func start() {
                bind()
                token = observe()
                observe().store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), [])
    }

    /// `Task { publisher.sink { … } }` as a statement: the token is the task's result, and no one
    /// keeps the task, so the subscription ends with it. A task kept in a property keeps its result.
    func testSinkAsTheResultOfADroppedTask() {
        let text = """
        final class Poller {
            private var task: Task<AnyCancellable, Never>?
            func start(_ values: AnyPublisher<Int, Never>) {
                Task {
                    values.sink { print($0) }
                }
                task = Task {
                    values.sink { print($0) }
                }
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:5:20"])
    }

    func testMessageNamesTheHelper() {
        let text = """
        final class Observer {
            let values = PassthroughSubject<Int, Never>()
            func observe() -> AnyCancellable { values.sink { print($0) } }
            func start() { observe() }
        }
        """
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)]).map(\.message),
                       ["The AnyCancellable returned by `observe` is thrown away, so the subscription it made is cancelled at once."])
    }

    /// `_ = observeChanges()` and `let _ = observeChanges()` (written to silence the unused-result
    /// warning) drop the token too. The protocol's requirement has no body: what the call through a
    /// value of the protocol's type runs is the conforming type's implementation.
    func testDiscardAssignmentsAndCallsThroughAProtocolRequirement() {
        let text = """
        protocol ChangeObserving {
            func observeChanges() -> AnyCancellable
        }
        final class Store: ChangeObserving {
            let changes = PassthroughSubject<Void, Never>()
            func observeChanges() -> AnyCancellable { changes.sink { print("changed") } }
            func start() {
                _ = observeChanges()
                let _ = observeChanges()
            }
        }
        final class Screen {
            let store: ChangeObserving = Store()
            var token: AnyCancellable?
            func start() {
                _ = store.observeChanges()
                token = store.observeChanges()
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:8:13", "A.swift:9:17", "A.swift:16:19"])
    }

    /// A helper in an extension of `Publisher` that returns the `sink` of the publisher it extends,
    /// written without a receiver, called on any publisher (`AnyPublisher`, a subject) and dropped;
    /// kept in a property, it is fine (probe round 4).
    func testDroppedResultOfAPublisherExtensionSinkHelper() {
        let text = """
        extension Publisher {
            @discardableResult
            func sinkResult(_ handler: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
                sink(receiveCompletion: { c in if case let .failure(e) = c { handler(.failure(e)) } }, receiveValue: { handler(.success($0)) })
            }
            func sinkValues(_ handler: @escaping (Output) -> Void) -> AnyCancellable {
                sink(receiveCompletion: { _ in }, receiveValue: handler)
            }
        }
        final class Uploader {
            var token: AnyCancellable?
            let progress = PassthroughSubject<Int, Error>()
            func upload(_ publisher: AnyPublisher<Int, Error>) {
                publisher.sinkResult { print($0) }
                _ = progress.sinkValues { print($0) }
                token = publisher.sinkValues { print($0) }
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:14:19", "A.swift:15:22"])
    }
}
