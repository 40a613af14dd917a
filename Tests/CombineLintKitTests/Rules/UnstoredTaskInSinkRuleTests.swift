import XCTest
@testable import CombineLintKit

final class UnstoredTaskInSinkRuleTests: XCTestCase {
    func testTaskTokenIsTheRangeAndMessageSaysWhatGoesWrong() throws {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: """
        $query.sink { q in
            Task { await search(q) }
        }.store(in: &bag)
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["2:5-2:9"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "A new task starts for each value: an older one can finish after a newer one, and cancelling the subscription stops none.")
        XCTAssertEqual(finding.help, "Keep the task in a property and cancel it before starting the next (`task?.cancel(); task = Task { … }`), or move the async work into the pipeline (`map` + `switchToLatest`, or `flatMap(maxPublishers: .max(1))`).")
    }

    /// With two trailing closures the first is `receiveCompletion`, which runs once.
    /// Values of a `PassthroughSubject` are events, each handled on its own: a task that only hands
    /// the value on (an upload, an analytics call) and writes nothing back is meant to run beside the
    /// others. A task that writes back (`self`, a property, an implicit-`self` method), or one on a
    /// state stream (`$items`, a `CurrentValueSubject`), is still reported.
    func testFireAndForgetTasksOnAnEventSubjectAreNotReported() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: """
        final class Favorites {
            let removed = PassthroughSubject<Stop, Never>()
            let selection = CurrentValueSubject<Stop?, Never>(nil)
            @Published var items: [Stop] = []
        }
        final class Analytics {
            private var bag = Set<AnyCancellable>()
            private var last: Stop?
            private let endpoint = URL(string: "https://example.com")!
            init(favorites: Favorites, client: Client) {
                favorites.removed.sink { [endpoint] stop in
                    Task(priority: .background) {
                        var request = URLRequest(url: endpoint)
                        request.httpMethod = "POST"
                        _ = try? await URLSession.shared.data(for: request)
                    }
                }.store(in: &bag)
                favorites.removed.sink { stop in
                    Task { last = await client.resolve(stop) }
                }.store(in: &bag)
                favorites.removed.sink { stop in
                    Task { await client.log(stop); refresh() }
                }.store(in: &bag)
                favorites.selection.sink { stop in
                    Task { await client.log(stop) }
                }.store(in: &bag)
                favorites.$items.sink { items in
                    Task { await client.push(items) }
                }.store(in: &bag)
            }
            func refresh() {}
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:13", "22:13", "25:13", "28:13"])
    }

    func testMultipleTrailingClosuresOnlyTheValueClosureCounts() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: """
        $query.sink { _ in
            Task { await flush() }
        } receiveValue: { q in
            Task { await search(q) }
        }.store(in: &bag)
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["4:5"])
    }

    /// A project function that returns a `Future` answers once.
    func testProjectFunctionReturningAFutureAnswersOnce() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [
            (path: "A.swift", text: "service.fetch().sink { v in Task { await use(v) } }.store(in: &bag)\n"),
            (path: "B.swift", text: "final class Service { func fetch() -> AnyPublisher<Int, Never> { Future { $0(.success(1)) }.eraseToAnyPublisher() } }\n"),
        ])
        XCTAssertEqual(found.count, 0)
    }

    /// A task in a closure nested in the sink (a dispatch, a `forEach`) is not started by the sink itself.
    func testTaskInsideANestedClosureIsNotReported() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: """
        $items.sink { items in
            DispatchQueue.main.async { Task { await show(items) } }
        }.store(in: &bag)
        """)])
        XCTAssertEqual(found.count, 0)
    }

    func testTaskWithoutAwaitIsNotReported() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: "$q.sink { q in Task { @MainActor in label.text = q } }.store(in: &bag)\n")])
        XCTAssertEqual(found.count, 0)
    }

    /// A task started behind a create-once guard (`== nil` checked, then the thing made) or a run-once
    /// flag (checked, then set) starts once per created thing, not once per value.
    func testCreateOnceGuardsStartTheTaskOncePerCreatedThing() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: """
        final class Holder {
            func bind() {
                flag.sink { [weak self] created in
                    guard let self else { return }
                    if created, self.store == nil {
                        self.store = Store()
                        if let store = self.store { Task { await store.setup() } }
                    }
                }.store(in: &bag)
                flag.sink { [weak self] _ in
                    guard let self, self.store == nil else { return }
                    let made = Store()
                    self.store = made
                    Task { await made.setup() }
                }.store(in: &bag)
                flag.sink { [weak self] _ in
                    guard let self, !self.started else { return }
                    self.started = true
                    Task { await self.reload() }
                }.store(in: &bag)
                flag.sink { [weak self] _ in
                    if self?.store == nil {
                        Task { await self?.reload() }
                    }
                }.store(in: &bag)
                flag.sink { [weak self] _ in
                    guard let self else { return }
                    if self.store == nil { self.store = Store() }
                    Task { await self.store?.setup() }
                }.store(in: &bag)
                flag.sink { [weak self] _ in
                    guard let self, self.store == nil else { return }
                    self.other = Store()
                    Task { await self.reload() }
                }.store(in: &bag)
            }
        }
        """)])
        // A `== nil` check with nothing made, the task after the `if` that makes it, and a
        // different name made: each runs per value.
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["23:17", "29:13", "34:13"])
    }

    /// An in-flight flag set before the task keeps tasks from overlapping; an `||` in the condition
    /// lets the code through while the flag is up.
    func testInFlightFlagAndOrConditions() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: """
        loads.sink { [weak self] _ in
            guard let self, !self.isLoading else { return }
            self.isLoading = true
            Task { await self.load(); self.isLoading = false }
        }.store(in: &bag)
        loads.sink { [weak self] _ in
            guard let self else { return }
            if !self.isLoading || self.items.isEmpty {
                self.isLoading = true
                Task { await self.load() }
            }
        }.store(in: &bag)
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["10:9"])
    }

    /// `service.messages` with `service: ChatService`: the subject of that type decides, though a
    /// view model of the project also has a `messages` array. A task that writes back on the same
    /// subject is still reported.
    func testEventSubjectFoundThroughTheOwnersTypeDespiteASameNamedProperty() {
        let found = findings(of: UnstoredTaskInSinkRule.self, in: [(path: "A.swift", text: """
        final class ChatService {
            let messages = PassthroughSubject<Message, Never>()
        }
        final class ConversationModel {
            private(set) var messages: [Message] = []
        }
        final class InboxBadge {
            private var bag = Set<AnyCancellable>()
            var preview = ""
            init(service: ChatService) {
                service.messages.sink { message in
                    Task {
                        let content = UNMutableNotificationContent()
                        content.title = message.author
                        try? await center.add(content)
                    }
                }.store(in: &bag)
                service.messages.sink { message in
                    Task { self.preview = await summary(message) }
                }.store(in: &bag)
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:13"])
    }
}
