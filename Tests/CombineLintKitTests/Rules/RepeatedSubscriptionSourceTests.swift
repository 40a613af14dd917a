import XCTest
@testable import CombineLintKit

/// Where a stored subscription's source is shown never to finish, and which guards keep a
/// repeated path from storing again: idioms of the probe apps of issue #13.
final class RepeatedSubscriptionSourceTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    /// `var ticks { ticker.eraseToAnyPublisher() }` hands on the type's own stored `Timer.publish`:
    /// never finishing, so each tap on Start stores one more. A property handing on a `Just` finishes.
    func testComputedPropertyHandingOnAnOwnStoredTimer() {
        let text = """
        final class WorkoutClock {
            private let ticker = Timer.publish(every: 1, on: .main, in: .common)
            private let once = Just(Date())
            var ticks: AnyPublisher<Date, Never> { ticker.eraseToAnyPublisher() }
            var firstTick: AnyPublisher<Date, Never> { once.eraseToAnyPublisher() }
        }
        final class WorkoutModel: ObservableObject {
            private let clock = WorkoutClock()
            private var timerBag = Set<AnyCancellable>()
            func start() {
                clock.ticks.sink { [weak self] in self?.tick($0) }.store(in: &timerBag)
            }
            func startOnce() {
                clock.firstTick.sink { [weak self] in self?.tick($0) }.store(in: &timerBag)
            }
            func tick(_ date: Date) {}
        }
        struct WorkoutView: View {
            @StateObject private var model = WorkoutModel()
            var body: some View {
                VStack {
                    Button("Start") { model.start() }
                    Button("Once") { model.startOnce() }
                }
            }
        }
        """
        XCTAssertEqual(positions(text), ["11:60"])
    }

    /// A function returning a subject it keeps per key (`if let cached = subjects[id]`, or a new
    /// local `CurrentValueSubject`) hands on a stream that never finishes; one returning a local
    /// `Future` answers once.
    func testFunctionReturningASubjectItKeepsPerKey() {
        let text = """
        final class Availability {
            private var subjects: [String: CurrentValueSubject<Int?, Never>] = [:]
            func spotsLeft(for id: String) -> AnyPublisher<Int?, Never> {
                if let cached = subjects[id] { return cached.eraseToAnyPublisher() }
                let subject = CurrentValueSubject<Int?, Never>(nil)
                subjects[id] = subject
                return subject.eraseToAnyPublisher()
            }
            func price(for id: String) -> AnyPublisher<Int, Never> {
                let answer = Future<Int, Never> { promise in promise(.success(1)) }
                return answer.eraseToAnyPublisher()
            }
        }
        final class StudioModel: ObservableObject {
            @Published var studio = "All"
            let availability = Availability()
            private var bag = Set<AnyCancellable>()
            func studioChanged(_ studio: String) {
                availability.spotsLeft(for: studio).sink { print($0 as Any) }.store(in: &bag)
                availability.price(for: studio).sink { print($0) }.store(in: &bag)
            }
        }
        struct StudioView: View {
            @StateObject private var model = StudioModel()
            var body: some View {
                Text("Studios").onChange(of: model.studio) { model.studioChanged($0) }
            }
        }
        """
        XCTAssertEqual(positions(text), ["19:71"])
    }

    /// `let clock: Timer.TimerPublisher`, set in `init` and connected by `autoconnect()`: its sink
    /// runs per tick. A guard on a pause flag that other methods flip lets every unpaused tick
    /// through; a flag the path itself sets (`didWatch = true`) makes it run once.
    func testTimerPropertyTypedByItsPublisherAndAPauseFlag() {
        let text = """
        final class ChartModel {
            @Published var month = 1
            private var refreshBag = Set<AnyCancellable>()
            private var timerToken: AnyCancellable?
            private let clock: Timer.TimerPublisher
            private var isPaused = false
            private var didWatch = false

            init() {
                clock = Timer.publish(every: 60, on: .main, in: .common)
                timerToken = clock.autoconnect().sink { [weak self] _ in self?.refresh() }
            }
            func pause() { isPaused = true }
            func resume() { isPaused = false }
            func refresh() {
                guard !isPaused else { return }
                watchMonth()
                watchMonthOnce()
            }
            private func watchMonth() {
                $month.sink { print($0) }.store(in: &refreshBag)
            }
            private func watchMonthOnce() {
                guard !didWatch else { return }
                didWatch = true
                $month.sink { print($0) }.store(in: &refreshBag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["21:35"])
    }

    /// A value limit waiting for a condition stacks pending subscriptions on one stream
    /// (`$state.filter { … }.first()`), but not on a stream made for the run's own argument
    /// (`manager.progress(for: id)`), which another run's value does not end.
    func testWaitingLimitOnAStreamOfTheRunsOwnArgument() {
        let text = """
        final class DownloadsModel {
            @Published var state = 0
            let manager = DownloadManager()
            private var bag = Set<AnyCancellable>()
            @objc func addTapped() {
                observeCompletion(of: UUID())
                waitForReady()
            }
            private func observeCompletion(of id: UUID) {
                manager.progress(for: id).filter { $0 >= 1 }.first().sink { _ in print("done") }.store(in: &bag)
            }
            private func waitForReady() {
                $state.filter { $0 > 2 }.first().sink { _ in print("ready") }.store(in: &bag)
            }
        }
        final class DownloadManager {
            private let progressSubject = PassthroughSubject<Double, Never>()
            func progress(for id: UUID) -> AnyPublisher<Double, Never> {
                progressSubject.eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(positions(text), ["13:71"])
    }

    /// A limit waiting for a condition that an appearance starts (`$items.first(where: { !$0.isEmpty })`
    /// through a method `viewDidAppear` calls) ends once the screen's state passes it; the same wait
    /// started by a tap may outlast the next tap, one more waiting subscription each.
    func testWaitingLimitStartedByAnAppearanceEndsButOneStartedByATapWaits() {
        let text = """
        final class ListViewController: UIViewController {
            @Published var items: [Int] = []
            private var bag = Set<AnyCancellable>()
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                flashWhenLoaded()
            }
            @objc func unlockTapped() {
                waitForUnlock()
            }
            private func flashWhenLoaded() {
                $items.first(where: { !$0.isEmpty }).sink { [weak self] _ in self?.flash() }.store(in: &bag)
            }
            private func waitForUnlock() {
                $items.first(where: { $0.count > 3 }).sink { [weak self] _ in self?.unlock() }.store(in: &bag)
            }
            func flash() {}
            func unlock() {}
        }
        """
        XCTAssertEqual(positions(text), ["15:88"])
    }

    /// A function whose main return never finishes still does when an early exit returns a
    /// constant (`guard let attachment else { return Just(1)… }`); one whose every return
    /// answers at once finishes.
    func testEarlyExitReturningAConstantBesideANeverFinishingReturn() {
        let text = """
        final class ComposerModel {
            @Published var uploads: [String: Double] = [:]
            var attachment: String?
            func submit() -> AnyPublisher<Double, Never> {
                guard let attachment else { return Just(1).eraseToAnyPublisher() }
                return $uploads.compactMap { $0[attachment] }.eraseToAnyPublisher()
            }
            func send() -> AnyPublisher<Double, Never> {
                guard attachment != nil else { return Just(1).eraseToAnyPublisher() }
                return Just(0.5).eraseToAnyPublisher()
            }
        }
        final class ComposerViewController: UIViewController {
            private let model = ComposerModel()
            private var uploadBag = Set<AnyCancellable>()
            @IBAction func postTapped(_ sender: UIButton) {
                model.submit().sink { [weak self] in self?.show($0) }.store(in: &uploadBag)
                model.send().sink { [weak self] in self?.show($0) }.store(in: &uploadBag)
            }
            func show(_ progress: Double) {}
        }
        """
        XCTAssertEqual(positions(text), ["17:63"])
    }

    /// A create-once guard (`guard countdownTimer == nil else { return }`) that another method
    /// clears without emptying the bag (`stopHeartbeat()` from `viewWillDisappear`) opens again on
    /// the next appearance; one nothing clears lets its method subscribe once. A local cancellable
    /// appended to a member array later piles up as a direct store does.
    func testCreateOnceGuardClearedElsewhereAndALocalTokenAppendedLater() {
        let text = """
        final class WalletModel {
            private let ticker = Timer.publish(every: 1, on: .main, in: .common)
            private var countdownTimer: Cancellable?
            private var observer: AnyCancellable?
            private var cancellables = Set<AnyCancellable>()
            private var tokens: [AnyCancellable] = []
            @Published var passes: [String] = []
            func startHeartbeat() {
                guard countdownTimer == nil else { return }
                countdownTimer = ticker.connect()
                ticker.sink { [weak self] _ in self?.beat() }.store(in: &cancellables)
            }
            func stopHeartbeat() {
                countdownTimer?.cancel()
                countdownTimer = nil
            }
            func startObserving() {
                guard observer == nil else { return }
                observer = $passes.sink { print($0) }
                $passes.sink { print($0.count) }.store(in: &cancellables)
            }
            func watchPasses() {
                let token = $passes.sink { [weak self] _ in self?.beat() }
                tokens.append(token)
            }
            func beat() {}
        }
        final class WalletViewController: UIViewController {
            private let model = WalletModel()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                model.startHeartbeat()
                model.startObserving()
                model.watchPasses()
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                model.stopHeartbeat()
            }
        }
        """
        XCTAssertEqual(positions(text), ["11:55", "24:16"])
    }

    /// Each pick in a document browser runs its delegate method again while the browser stays.
    func testDocumentBrowserPickRunsAgainAndAgain() {
        let text = """
        final class DocumentBrowserViewController: UIDocumentBrowserViewController, UIDocumentBrowserViewControllerDelegate {
            private var openedBag = Set<AnyCancellable>()
            func documentBrowser(_ controller: UIDocumentBrowserViewController, didPickDocumentsAt documentURLs: [URL]) {
                guard let url = documentURLs.first else { return }
                present(url)
            }
            private func present(_ url: URL) {
                NotificationCenter.default.publisher(for: .conflict).sink { [weak self] _ in self?.resolve(url) }.store(in: &openedBag)
            }
            private func resolve(_ url: URL) {}
        }
        """
        XCTAssertEqual(positions(text), ["8:107"])
    }

    /// A method reference handed to `forEach` (`[1, 2].forEach(watchRow)`) is called from there,
    /// once per element, on every scroll.
    func testMethodReferenceHandedToForEachIsCalled() {
        let text = """
        final class SeatMapViewController: UIViewController, UIScrollViewDelegate {
            private let model = SeatModel()
            private var analyticsBag = Set<AnyCancellable>()
            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
                [1, 2].forEach(watchRow)
            }
            private func watchRow(_ section: Int) {
                model.$seats.sink { [weak self] _ in self?.render(section) }.store(in: &analyticsBag)
            }
            private func render(_ section: Int) {}
        }
        final class SeatModel { @Published var seats: [Int] = [] }
        """
        XCTAssertEqual(positions(text), ["8:70"])
    }

    /// A keyed bag whose entry is emptied first (`wordCountBags[note.id] = []`) keeps one
    /// subscription per key; the same store without it piles up per notification.
    func testKeyedBagEntryEmptiedBeforeTheStore() {
        let text = """
        final class DocumentStore {
            private var titleBags: [UUID: Set<AnyCancellable>] = [:]
            private var wordCountBags: [UUID: Set<AnyCancellable>] = [:]
            init() {
                NotificationCenter.default.publisher(for: .didOpen)
                    .compactMap { $0.object as? Note }
                    .sink { [weak self] note in
                        self?.trackTitle(of: note)
                        self?.trackWordCount(of: note)
                    }
                    .store(in: &titleBags[UUID(), default: []])
            }
            private func trackTitle(of note: Note) {
                note.$title.sink { print($0) }.store(in: &titleBags[note.id, default: []])
            }
            private func trackWordCount(of note: Note) {
                wordCountBags[note.id] = []
                note.$text.sink { print($0) }.store(in: &wordCountBags[note.id, default: []])
            }
        }
        final class Note {
            let id = UUID()
            @Published var title = ""
            @Published var text = ""
        }
        """
        XCTAssertEqual(positions(text), ["14:40"])
    }
}
