import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 118 (see the rule documents).
final class DefaultRulesRound118Tests: XCTestCase {
    /// `every: max(interval, 30)` is at least 30 seconds: a poll, whose next tick a drag only makes
    /// late. `min(interval, 30)` and a bare name are not known to be long, and are reported.
    func testAnIntervalOfAtLeastALiteralAboveASecondIsAPoll() {
        func text(every: String) -> String {
            """
            final class RepositoryMonitor: ObservableObject {
                @Published private(set) var statuses: [RepoStatus] = []
                private var cancellables = Set<AnyCancellable>()
                init(preferences: Preferences) {
                    preferences.$pollInterval
                        .map { interval in
                            Timer.publish(every: \(every), on: .main, in: .default)
                                .autoconnect()
                                .map { _ in () }
                        }
                        .switchToLatest()
                        .sink { [weak self] in self?.refreshAll() }
                        .store(in: &cancellables)
                }
                func refreshAll() { statuses = [] }
            }
            """
        }
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "max(interval, 30)")), [])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "max(30.0, interval)")), [])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "min(interval, 30)")), ["7:72"])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "max(interval, 0.5)")), ["7:73"])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "interval")), ["7:63"])
    }

    /// A view model that loops over the inner object's stream and sends its own `objectWillChange`
    /// per element (`for await _ in session.$phase.values { self?.objectWillChange.send() }`) forwards
    /// the inner object's changes, as a `sink` doing so does. Without the send, the view reading
    /// `viewModel.session.phase` is not redrawn, and the property is reported.
    func testAForAwaitLoopSendingObjectWillChangeForwardsTheInnerChanges() {
        func text(body: String) -> String {
            """
            final class TripSession: ObservableObject {
                @Published var phase: TripPhase = .enRoute
            }
            @MainActor
            final class TripViewModel: ObservableObject {
                @Published private(set) var statusText = ""
                let session: TripSession
                private var phaseTask: Task<Void, Never>?
                init(session: TripSession) {
                    self.session = session
                    phaseTask = Task { [weak self, session] in
                        for await phase in session.$phase.values {
                            \(body)
                        }
                    }
                }
            }
            struct TripView: View {
                @ObservedObject var viewModel: TripViewModel
                var body: some View {
                    Text(viewModel.session.phase == .arrived ? "Arrived" : "On the way")
                }
            }
            """
        }
        XCTAssertEqual(positions(NestedObservableObjectRule.self, text(body: "print(phase); self?.objectWillChange.send()")), [])
        XCTAssertEqual(positions(NestedObservableObjectRule.self, text(body: "print(phase)")), ["7:9"])
    }

    /// The project's own hop (`receiveOnMain()`, ending in `receive(on: DispatchQueue.main)`) after a
    /// `receive(on: DispatchQueue.main)` and same-thread steps hops again, and is reported there. After
    /// a `flatMap` (which may deliver elsewhere) or a hop to another queue it is not.
    func testTheProjectsOwnHopAfterAHopToTheSameScheduler() {
        let helper = """
            extension Publisher {
                func receiveOnMain() -> AnyPublisher<Output, Failure> {
                    receive(on: DispatchQueue.main).eraseToAnyPublisher()
                }
            }
            """
        func text(between: String, first: String = "DispatchQueue.main") -> String {
            """
            final class AccountModel: ObservableObject {
                @Published var login: String?
                private var bag = Set<AnyCancellable>()
                func verify(host: RemoteHost) {
                    host.currentUser()
                        .receive(on: \(first))
                        \(between)
                        .receiveOnMain()
                        .sink { [weak self] in self?.login = $0 }
                        .store(in: &bag)
                }
            }
            """
        }
        let check = { (text: String) in places(MultipleReceiveOnRule.self, [(path: "Helpers.swift", text: helper), (path: "Account.swift", text: text)]) }
        XCTAssertEqual(check(text(between: ".handleEvents(receiveOutput: { print($0) })")), ["Account.swift:8:14"])
        XCTAssertEqual(check(text(between: ".map { $0 }")), ["Account.swift:8:14"])
        XCTAssertEqual(check(text(between: ".flatMap { host.avatar(for: $0) }")), [])
        XCTAssertEqual(check(text(between: ".map { $0 }", first: "backgroundQueue")), [])
    }

    /// An `if`/`else` whose both branches complete the subject is a completion on every path: a
    /// value sent after the statement is dropped. When only one branch completes, or the send sits
    /// in the `else` branch before its completion, nothing is reported.
    func testASendAfterAnIfElseThatCompletesOnEveryBranch() {
        func text(elseBranch: String, after: String = "if !remaining.isEmpty { subject.send(.output(remaining)) }") -> String {
            """
            final class GitRunner {
                func runStreaming(_ process: Process) -> AnyPublisher<GitProgress, GitError> {
                    let subject = PassthroughSubject<GitProgress, GitError>()
                    process.terminationHandler = { proc in
                        let remaining = proc.leftoverOutput
                        if proc.terminationStatus == 0 {
                            subject.send(completion: .finished)
                        } else {
                            \(elseBranch)
                        }
                        \(after)
                    }
                    return subject.eraseToAnyPublisher()
                }
            }
            """
        }
        let both = text(elseBranch: "subject.send(completion: .failure(.nonZeroExit(proc.terminationStatus)))")
        XCTAssertEqual(positions(SendAfterCompletionRule.self, both), ["11:45"])
        XCTAssertEqual(findings(of: SendAfterCompletionRule.self, in: [(path: "A.swift", text: both)]).first?.message,
                       "`subject` was already completed on every path of the `if` on line 7, so this value is dropped and no subscriber receives it.")
        XCTAssertEqual(positions(SendAfterCompletionRule.self, text(elseBranch: "log(proc.terminationStatus)")), [])
        let sendFirst = text(elseBranch: "subject.send(.output(remaining)); subject.send(completion: .failure(.nonZeroExit(proc.terminationStatus)))", after: "")
        XCTAssertEqual(positions(SendAfterCompletionRule.self, sendFirst), [])
    }
}
