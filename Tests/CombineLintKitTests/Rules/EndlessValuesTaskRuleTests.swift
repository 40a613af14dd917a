import XCTest
@testable import CombineLintKit

final class EndlessValuesTaskRuleTests: XCTestCase {
    func testDroppedTaskIsReportedAtTaskWithTheSequenceInTheMessage() throws {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        func start() {
            Task {
                for await value in $value.values { print(value) }
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["2:5-2:9"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "Nothing can cancel this task, and the loop over `$value.values` never ends: it lives for ever with everything it captures.")
        XCTAssertEqual(finding.help, "Keep the task in a property and cancel it (in `onDisappear`, `viewDidDisappear`, or `deinit` with `self` captured weakly), use SwiftUI's `.task { }` modifier, which the view cancels, or subscribe with `sink` and store the cancellable.")
    }

    /// `guard let stream = self?.$peak.values else { return }` then `for await peak in stream`: the
    /// condition binding holds the endless sequence, as a local would; a bound finite one does not.
    func testASequenceBoundByAConditionBeforeTheLoop() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        final class EnergyMonitor: ObservableObject {
            @Published var peak = 0.0
            func watchPeaks() {
                Task { [weak self] in
                    guard let stream = self?.$peak.values else { return }
                    for await peak in stream { print(peak) }
                }
                Task { [weak self] in
                    guard let stream = self?.$peak.first().values else { return }
                    for await peak in stream { print(peak) }
                }
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.line):\($0.column)" }, ["endless_values_task 4:9"])
        XCTAssertEqual(found.first?.message, "Nothing can cancel this task, and the loop over `stream` never ends: it lives for ever with everything it captures.")
    }

    func testKeptButNeverCancelledNamesTheProperty() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        final class A {
            var loop: Task<Void, Never>?
            func start() { self.loop = Task { for await _ in events.values { tick() } } }
        }
        final class Model { let events = PassthroughSubject<Void, Never>() }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:32"])
        XCTAssertEqual(found.first?.message, "This task is kept in `loop` but never cancelled, and the loop over `events.values` never ends: it lives for ever with everything it captures.")
    }

    /// The cancellation may be written in another file (an extension of the type).
    func testCancelInAnotherFileCounts() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [
            (path: "A.swift", text: "final class A { var loop: Task<Void, Never>?\n func start() { loop = Task { for await _ in $x.values { } } } }\n"),
            (path: "B.swift", text: "extension A { func stop() { loop?.cancel() } }\n"),
        ])
        XCTAssertEqual(found.count, 0)
    }

    func testDeinitMentionCountsAsCancelling() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        final class A {
            var loops: [Task<Void, Never>] = []
            var loop: Task<Void, Never>?
            func start() { loop = Task { for await _ in $x.values { } } }
            deinit { [loop].forEach { $0?.cancel() } }
        }
        """)])
        XCTAssertEqual(found.count, 0)
    }

    /// An unused local handle cannot be cancelled either.
    func testUnusedLocalHandleIsReported() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        func start() {
            let t = Task { for await _ in $x.values { } }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:13"])
    }

    /// A loop over a finite publisher's values, or only inside a nested closure, is not the task's endless loop.
    func testLoopInNestedClosureIsNotTheTasksLoop() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        Task {
            let f = { for await _ in $x.values { } }
            await run(f)
        }
        """)])
        XCTAssertEqual(found.count, 0)
    }

    /// The same loop in a type made twice is reported: only a single `static let shared` object lives for the run.
    func testSingletonOnlyWhenMadeOnlyByItsStaticProperty() {
        let singleton = """
        final class Settings {
            static let shared = Settings()
            init() { Task { for await _ in $x.values { } } }
        }
        """
        XCTAssertEqual(findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: singleton)]).count, 0)
        let madeAgain = singleton + "\nlet other = Settings()\n"
        XCTAssertEqual(findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: madeAgain)]).map { "\($0.line):\($0.column)" }, ["3:14"])
    }

    /// A task kept under a key of a dictionary is handed to a collection, which the owner cancels as a whole.
    func testSubscriptTargetIsACollection() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        final class A {
            var loops: [Int: Task<Void, Never>] = [:]
            func start(_ id: Int) { loops[id] = Task { for await _ in $x.values { } } }
        }
        """)])
        XCTAssertEqual(found.count, 0)
    }

    /// The loop over a local holding `$x.values` is the same endless loop; the message names the local.
    func testLocalSequenceIsFollowed() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        func start() {
            Task {
                let updates = $x.values
                for await _ in updates { }
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:5"])
        XCTAssertEqual(found.first?.message, "Nothing can cancel this task, and the loop over `updates` never ends: it lives for ever with everything it captures.")
    }

    /// A task cancelled only in `deinit`: `deinit` never runs while the looping task holds `self`
    /// (an implicit member use, `self.` or `guard let self` before the loop); with `self` weak in
    /// the loop, or cancelled elsewhere too, the owner can go away.
    func testCancelledOnlyInDeinitWhileTheTaskHoldsSelf() throws {
        let text = """
        final class Watcher {
            private var implicit: Task<Void, Never>?
            private var unwrapped: Task<Void, Never>?
            private var weak: Task<Void, Never>?
            private var stopped: Task<Void, Never>?
            func start(model: Model) {
                implicit = Task { for await value in model.$theme.values { apply(value) } }
                unwrapped = Task { [weak self] in
                    guard let self else { return }
                    for await value in model.$theme.values { self.apply(value) }
                }
                weak = Task { [weak self] in for await value in model.$theme.values { self?.apply(value) } }
                stopped = Task { for await value in model.$theme.values { apply(value) } }
            }
            func stop() { stopped?.cancel() }
            func apply(_ theme: String) {}
            deinit {
                implicit?.cancel()
                unwrapped?.cancel()
                weak?.cancel()
                stopped?.cancel()
            }
        }
        """
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:20", "8:21"])
        XCTAssertEqual(try XCTUnwrap(found.first).message, "`implicit` is cancelled only in `deinit`, which never runs while this task holds `self`, and the loop over `model.$theme.values` never ends.")
    }

    /// `let goals = feed.goals` before the task, then `for await goal in goals.values`: the loop runs
    /// over the subject the local holds, read as the property of the feed's type (a view model's
    /// `@Published var goals` of another type says nothing of it). A local holding a call's result, a
    /// publisher made for the call, is not followed.
    func testALocalHoldingAnotherObjectsSubjectBeforeTheTask() {
        let text = """
        final class ScoreFeedService {
            let goals = PassthroughSubject<Int, Never>()
            func importAll() -> AnyPublisher<Int, Never> {
                let progress = PassthroughSubject<Int, Never>()
                DispatchQueue.global().async { progress.send(1); progress.send(completion: .finished) }
                return progress.eraseToAnyPublisher()
            }
        }
        final class SettingsViewModel: ObservableObject {
            @Published var goals = true
        }
        final class MatchCentreViewModel: ObservableObject {
            private let feed: ScoreFeedService
            init(feed: ScoreFeedService) { self.feed = feed }
            func startGoalHaptics() {
                let goals = feed.goals
                Task { @MainActor in
                    for await goal in goals.values { print(goal) }
                }
            }
            func importAll() {
                let progress = feed.importAll()
                Task { @MainActor in
                    for await done in progress.values { print(done) }
                }
            }
        }
        """
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["17:9"])
    }

    /// A task whose capture list takes a member's value (`[store]`) holds that value, not `self`: the
    /// owner can go away and its `deinit` cancel the task. One naming the member itself holds `self`.
    func testACaptureListNameIsNoMemberReadThroughSelf() {
        let text = """
        final class StatusItemController {
            private let store: QueueStore
            private var badgeTask: Task<Void, Never>?
            private var titleTask: Task<Void, Never>?
            init(store: QueueStore) { self.store = store }
            func install() {
                badgeTask = Task { [store] in
                    for await count in store.$pendingCount.values { print(count) }
                }
                titleTask = Task {
                    for await count in store.$pendingCount.values { print(count) }
                }
            }
            deinit {
                badgeTask?.cancel()
                titleTask?.cancel()
            }
        }
        final class QueueStore: ObservableObject {
            @Published var pendingCount = 0
        }
        """
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["10:21"])
    }

    /// A property of another type that erases a subject (by its getter or its initial value) never
    /// finishes either; one that erases a request, or limits the values, does.
    func testErasedSubjectPropertyOfAnotherTypeNeverEnds() {
        let store = """
        final class ReminderStore {
            private let changes = CurrentValueSubject<[String], Never>([])
            var reminders: AnyPublisher<[String], Never> { changes.eraseToAnyPublisher() }
            let updates: AnyPublisher<Int, Never> = PassthroughSubject<Int, Never>().eraseToAnyPublisher()
            var firstReminders: AnyPublisher<[String], Never> { changes.prefix(1).eraseToAnyPublisher() }
            var download: AnyPublisher<Data, Never> { URLSession.shared.dataTaskPublisher(for: url).map(\\.data).replaceError(with: Data()).eraseToAnyPublisher() }
        }
        """
        let model = """
        @MainActor
        final class RemindersViewModel: ObservableObject {
            @Published var overdue = 0
            private let store: ReminderStore
            private var countTask: Task<Void, Never>?
            init(store: ReminderStore) {
                self.store = store
                countTask = Task { for await reminders in store.reminders.values { self.overdue = reminders.count } }
                Task { for await value in self.store.updates.values { print(value) } }
                Task { for await value in self.store.firstReminders.values { print(value) } }
                Task { for await value in self.store.download.values { print(value) } }
                // Task { for await value in self.store.updates.values { print(value) } }
            }
            deinit { countTask?.cancel() }
        }
        """
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "S.swift", text: store), (path: "M.swift", text: model)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["M.swift:8:21", "M.swift:9:9"])
    }

    /// `task?.cancel(); task = Task { … }` only replaces the previous loop: the last one runs on.
    func testCancelThatOnlyReplacesTheTaskIsReported() throws {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        final class Mirror {
            private var observation: Task<Void, Never>?
            func start(store: Store) {
                observation?.cancel()
                observation = Task { [weak self] in
                    for await items in store.$items.values { self?.render(items) }
                }
            }
            func render(_ items: [Int]) {}
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:23"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`observation` is cancelled only when the next task replaces it, and the loop over `store.$items.values` never ends: the last task started lives for ever.")
    }

    /// With the replacing cancel and a `deinit` cancel, a task that holds `self` is the deinit case.
    func testReplacingCancelAndDeinitWithStrongSelfIsTheDeinitCase() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        final class Mirror {
            private var observation: Task<Void, Never>?
            private let queue = PassthroughSubject<[Int], Never>()
            func start() {
                observation?.cancel()
                observation = Task { [weak self] in
                    guard let self else { return }
                    for await items in self.queue.values { self.render(items) }
                }
            }
            func render(_ items: [Int]) {}
            deinit { observation?.cancel() }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:23"])
        XCTAssertTrue(found.first?.message.hasPrefix("`observation` is cancelled only in `deinit`") == true)
    }

    /// Not reported: a `stop()` ends the last task; a cancel followed by `task = nil` ends it; a
    /// cancel followed by a `Task` kept in another property replaces nothing.
    func testCancelThatEndsTheTaskIsNotAReplacement() {
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: """
        final class Mirror {
            private var observation: Task<Void, Never>?
            private var other: Task<Void, Never>?
            private var third: Task<Void, Never>?
            func start(store: Store) {
                observation?.cancel()
                observation = Task { for await _ in store.$items.values { } }
                other = Task { for await _ in store.$items.values { } }
                third = Task { for await _ in store.$items.values { } }
            }
            func stop() { observation?.cancel() }
            func pause() { other?.cancel(); other = nil }
            func swap(store: Store) {
                third?.cancel()
                self.observation = Task { for await _ in store.$items.values { } }
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, [])
    }

    /// A type that only previews make (`#Preview { FeedView(feed: PreviewFeed()) }`) runs in Xcode's
    /// canvas, never in the app: not reported; the same type made by the app is.
    func testATypeOnlyPreviewsMakeIsNotReported() {
        let found = findings(of: EndlessValuesTaskRule.self, in: PreviewOnlyTypeFixture.files)
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App.swift:7:9"])
    }
}
