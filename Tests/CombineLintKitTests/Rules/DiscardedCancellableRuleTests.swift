import XCTest
@testable import CombineLintKit

/// Cases beyond the rule document: positions, messages, `#if`, closures that return `Void`,
/// connectable evidence from other files.
final class DiscardedCancellableRuleTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: DiscardedCancellableRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    private func positions(_ text: String) -> [String] {
        positions([(path: "A.swift", text: text)]).map { String($0.dropFirst("A.swift:".count)) }
    }

    func testFindingCoversTheSubscriberCallAndSaysWhatToDo() {
        let text = """
        func f() {
            publisher
                .sink(receiveValue: { print($0) })
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual([found[0].line, found[0].column, found[0].endLine, found[0].endColumn], [3, 10, 3, 43])
        XCTAssertEqual(found[0].severity, .error)
        XCTAssertEqual(found[0].message, "The AnyCancellable returned by `sink` is thrown away, so the subscription is cancelled at once.")
    }

    func testUnusedLocalNamesTheLocal() {
        let text = "func f() {\n    let token = publisher.assign(to: \\.text, on: label)\n}\n"
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map(\.message), ["`token` holds the AnyCancellable returned by `assign(to:on:)` but is never used, so the subscription ends with the scope."])
        XCTAssertEqual(positions(text), ["2:27"])
    }

    /// A local that is only printed is held no longer than the print; one printed and then kept is kept.
    func testALocalOnlyPrintedIsNotKept() {
        let text = """
        final class Cache {
            private var observers: [AnyCancellable] = []
            func start() {
                let observer = NotificationCenter.default.publisher(for: .purge).sink { _ in print("purge") }
                print("observing", observer)
                let kept = NotificationCenter.default.publisher(for: .purge).sink { _ in print("purge") }
                print(kept)
                observers.append(kept)
            }
        }
        """
        XCTAssertEqual(positions(text), ["4:74"])
    }

    func testBothBranchesOfIfAreChecked() {
        let text = """
        func f() {
            #if DEBUG
            debugEvents.sink { print($0) }
            #else
            events.sink { _ in }.store(in: &bag)
            #endif
            try? failing.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        }
        """
        XCTAssertEqual(positions(text), ["3:17", "7:18"])
    }

    func testSingleExpressionBodiesOfVoidClosuresDropTheirValue() {
        let text = """
        func f() {
            viewModel.$user.sink { [weak self] user in
                self?.viewModel.avatar(for: user).sink { [weak self] in self?.avatar = $0 }
            }
            .store(in: &cancellables)
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.ping.sink { _ in } }
            let make = { () -> Void in events.sink { _ in } }
            let keep = { events.sink { _ in } }
            tokens = items.map { $0.publisher.sink { _ in } }
        }
        """
        XCTAssertEqual(positions(text), ["3:43", "6:69", "7:39"])
    }

    /// The single expression of a SwiftUI `Button`'s action (or of `.onTapGesture`) is evaluated
    /// and dropped: the action returns `Void`. A button's label closure is content, not an action.
    func testButtonActionsAndTapGesturesDropTheirSingleValue() {
        let text = """
        struct SettingsView: View {
            var body: some View {
                Button("Watch") { settings.$goal.sink { print($0) } }
                Text("").onTapGesture { settings.$goal.sink { print($0) } }
                Button(action: reload) { Label("Reload", systemImage: "arrow") }
            }
        }
        """
        XCTAssertEqual(positions(text), ["3:42", "4:48"])
    }

    /// A `Future`'s attempt returns `Void`: a subscription that is its single expression is dropped
    /// at once, and the promise waits for a value that never comes. One kept in a local the
    /// closure captures is the caller's business.
    func testAFuturesSingleExpressionSinkIsDropped() {
        let text = """
        func exportWhenSynced() -> Future<String, Never> {
            Future { promise in
                sync.status.first { $0 == .idle }.sink { _ in promise(.success("")) }
            }
        }
        """
        XCTAssertEqual(positions(text), ["3:43"])
    }

    func testLocalsUsedLaterInAnyWayAreKept() {
        let text = """
        func f() {
            let a = events.sink { _ in }
            DispatchQueue.main.async { withExtendedLifetime(a) {} }
            var b = events.sink { _ in }
            b = other.sink { _ in }
            if ready {
                let c = events.sink { _ in }
                store(c)
            }
            let c = events.sink { _ in }
        }
        """
        // Only the last `c` is never used: the inner `c` is a different variable.
        XCTAssertEqual(positions(text), ["10:20"])
    }

    func testAWaitDoesNotKeepAnUnusedLocalAlive() throws {
        let text = """
        func testLoads() {
            let done = expectation(description: "loaded")
            let cancellable = model.$items.dropFirst().sink { _ in done.fulfill() }
            model.load()
            wait(for: [done], timeout: 1)
        }
        func testAsync() async {
            let cancellable = model.$items.sink { _ in }
            await fulfillment(of: [done])
        }
        func helper() {
            let cancellable = model.$items.sink { _ in }
            model.load()
        }
        """
        XCTAssertEqual(positions(text), ["3:48", "8:36", "12:36"])
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.first?.message, "`cancellable` is never used, and a wait after it does not keep it: Swift may release it and cancel the subscription at once.")
        XCTAssertEqual(found.last?.message, "`cancellable` holds the AnyCancellable returned by `sink` but is never used, so the subscription ends with the scope.")
        let kept = "func testLoads() {\n    let c = model.$items.sink { _ in done.fulfill() }\n    withExtendedLifetime(c) { wait(for: [done], timeout: 1) }\n}\n"
        XCTAssertEqual(positions(kept), [])
    }

    func testTheValueOfAnIfExpressionIsKept() {
        let text = """
        final class HoleView {
            var observer: AnyCancellable?
            func update(_ isOpaque: Bool) {
                observer = if isOpaque {
                    nil
                } else {
                    NotificationCenter.default.publisher(for: .frameDidChange).sink { _ in self.invalidate() }
                }
            }
            func load(_ flag: Bool) -> AnyCancellable? {
                return if flag { events.sink { _ in } } else { nil }
            }
            func dropped(_ flag: Bool) {
                if flag {
                    events.sink { _ in }
                } else {
                    other.sink { _ in }
                }
            }
        }
        """
        XCTAssertEqual(positions(text), ["15:20", "17:19"])
    }

    func testConnectMessagesSayWhetherTheConnectionEndsOrTheTimerKeepsFiring() {
        let text = """
        final class Feed {
            let shared = api.fetch().makeConnectable()
            func start() {
                shared.connect()
                Timer.publish(every: 1, on: .main, in: .common).connect()
                let connection = api.fetch().multicast(subject: subject).connect()
            }
        }
        """
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)]).map(\.message), [
            "The cancellable returned by `connect()` is thrown away, and releasing it cancels the connection at once: subscribers get nothing.",
            "The Cancellable returned by the timer's `connect()` is thrown away, so this timer can never be stopped and keeps firing.",
            "`connection` holds the cancellable returned by `connect()` but is never used; releasing it cancels the connection.",
        ])
    }

    func testVoidFunctionBodyIsAStatementNotAReturn() {
        XCTAssertEqual(positions("func f() -> Void { events.sink { _ in } }\nfunc g() -> AnyCancellable { events.sink { _ in } }\n"), ["1:27"])
    }

    func testConnectNeedsEvidenceOfAConnectablePublisher() {
        let text = """
        final class Feed {
            let shared = api.fetch().makeConnectable()
            let timer = Timer.publish(every: 1, on: .main, in: .common)
            let ticking = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
            var socket: WebSocket
            func start() {
                self.timer.connect()
                shared.connect()
                socket.connect()
                api.fetch().multicast { PassthroughSubject() }.connect()
                api.fetch().multicast(subject: subject).map { $0 }.share().connect()
                let local = api.fetch().makeConnectable()
                local.connect()
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:20", "8:16", "10:56", "13:15"])
    }

    func testConnectablePropertyDeclaredInAnotherFile() {
        let files = [
            (path: "Ticker+Start.swift", text: "extension Ticker {\n    func start() {\n        _ = timer.connect()\n        _ = other.connect()\n    }\n}\n"),
            (path: "Ticker.swift", text: "final class Ticker {\n    let timer: Timer.TimerPublisher\n    let other: Connection\n}\n"),
        ]
        XCTAssertEqual(positions(files), ["Ticker+Start.swift:3:19"])
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: files).first?.message,
                       "The Cancellable returned by the timer's `connect()` is thrown away, so this timer can never be stopped and keeps firing.")
    }

    /// A local named like the operator (`let multicast = subject.multicast { … }`) is a variable,
    /// read from its declaration; a connectable property of another object (`model.clock.connect()`,
    /// with the property declared in that type) is one too, and a timer's keeps firing.
    func testConnectOnALocalNamedLikeTheOperatorOrAnotherObjectsProperty() {
        let model = """
        final class GuideModel {
            lazy var sharedClock = ticks.share().makeConnectable()
            let clock = Timer.publish(every: 60, on: .main, in: .common)
            let socket = WebSocket()
        }
        """
        let screen = """
        final class GuideViewController: UIViewController {
            let viewModel = GuideModel()
            func start() {
                let multicast = subject.multicast { PassthroughSubject<Int, Never>() }
                multicast.connect()
                _ = viewModel.sharedClock.connect()
                _ = viewModel.clock.connect()
                viewModel.socket.connect()
            }
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "M.swift", text: model), (path: "S.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["S.swift:5:19", "S.swift:6:35", "S.swift:7:29"])
        XCTAssertEqual(found.last?.message, "The Cancellable returned by the timer's `connect()` is thrown away, so this timer can never be stopped and keeps firing.")
    }

    func testResultBuilderClosuresCollectTheirStatements() {
        let text = """
        func bind() {
            cancelBag.collect {
                $goals.sink { state.goals = $0 }
                state.map(\\.goals).removeDuplicates().assign(to: \\.goals, on: self)
            }
            subscriptions.add {
                $name.sink { print($0) }
                $title.sink { print($0) }
            }
            other.run {
                $name.sink { print($0) }
                print("ran")
            }
        }
        """
        let builder = "extension Bag {\n    func add(_ make: @CancellableBuilder () -> [AnyCancellable]) {}\n}\n"
        XCTAssertEqual(positions([(path: "A.swift", text: text), (path: "B.swift", text: builder)]), ["A.swift:11:15"])
    }

    /// A builder's `if`, `else`, `switch` and `for` blocks give values too; a `do` block in a plain
    /// closure, or an `if` in a closure that is no builder, drops its subscription.
    func testResultBuilderBranchesCollectTheirStatements() {
        let text = """
        func bind() {
            cancelBag.collect {
                if isDebug {
                    routes.sink { print($0) }
                } else {
                    $name.sink { print($0) }
                }
                switch mode {
                case .live: $title.sink { print($0) }
                default: $other.sink { print($0) }
                }
                for item in items {
                    item.$state.sink { print($0) }
                }
            }
            other.run {
                if isDebug {
                    routes.sink { print($0) }
                }
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:18:20"])
    }

    /// A test that asserts, as its very next statements, what the dropped subscription's closures
    /// set shows a publisher that answered during `sink`. An assertion that passes when nothing came,
    /// a wait or another statement in between, a closure that sets nothing asserted, and code outside
    /// tests stay reported.
    func testAssertionRightAfterShowsDeliveryDuringSink() {
        let text = """
        import XCTest
        final class StoreTests: XCTestCase {
            func testSynchronousEffect() {
                var received: [Action] = []
                _ = Effect<Action>.send(.dismiss).publisher.sink { received.append($0) }
                XCTAssertEqual(received.count, 1)
            }
            func testFailingJoin() {
                var failed = false
                _ = sut.join(token: "t").sink(receiveCompletion: { if case .failure = $0 { failed = true } }, receiveValue: { _ in })
                XCTAssertNotNil(sut)
                XCTAssertTrue(failed)
            }
            func testNothingYet() {
                var received: [Int] = []
                _ = model.$values.dropFirst().sink { received.append($0) }
                XCTAssertEqual(received, [])
            }
            func testWaits() {
                var received: [Int] = []
                _ = model.load().sink { received.append($0); done.fulfill() }
                wait(for: [done], timeout: 1)
                XCTAssertEqual(received.count, 1)
            }
            func testActionInBetween() {
                var snapshots: [[Int]] = []
                queue.$pending.sink { snapshots.append($0) }
                queue.enqueue(1)
                XCTAssertEqual(snapshots.last, [1])
            }
            func testNothingSet() {
                var count = 0
                _ = model.load().sink { print($0) }
                XCTAssertEqual(count, 1)
            }
        }
        final class Screen {
            func show() {
                var shown = false
                _ = model.load().sink { _ in shown = true }
                assert(shown)
            }
        }
        """
        XCTAssertEqual(positions([(path: "StoreTests.swift", text: text)]),
                       ["StoreTests.swift:16:39", "StoreTests.swift:21:26", "StoreTests.swift:27:24", "StoreTests.swift:33:26", "StoreTests.swift:40:26"])
    }

    func testSinkMethodsOfOtherTypesAreLeftAlone() {
        let text = """
        func f() {
            logger.sink("message")
            audio.sink(into: buffer, format: .pcm)
            heat.sink(amount: 3)
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testFeedSample() throws {
        let folder = packageRoot.appendingPathComponent("samples/App/Feed")
        let files = try ["FeedViewController.swift", "FeedViewModel.swift"].map {
            (path: "Feed/" + $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
        let result = findings(of: DiscardedCancellableRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
        XCTAssertEqual(result, ["Feed/FeedViewController.swift:54:14", "Feed/FeedViewController.swift:70:14", "Feed/FeedViewModel.swift:60:14"])
    }

    /// A bag declared in the method that nothing reads again releases its subscriptions when the
    /// method returns. Kept (returned, assigned to a member, passed on), waited on, awaited after,
    /// or in test code, it is quiet (probe round 4).
    func testSubscriptionsInALocalBagNobodyKeeps() {
        let text = """
        final class Loader {
            var cancellables = Set<AnyCancellable>()
            func a() {
                var cancellables = Set<AnyCancellable>()
                api.load().sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &cancellables)
                center.publisher(for: name).sink { _ in print("x") }.store(in: &cancellables)
            }
            func b() {
                var bag = [AnyCancellable]()
                bag.append(api.load().sink(receiveCompletion: { _ in }, receiveValue: { print($0) }))
            }
            func kept() {
                var bag = Set<AnyCancellable>()
                api.load().sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
                self.cancellables = bag
            }
            func returned() -> Set<AnyCancellable> {
                var bag = Set<AnyCancellable>()
                api.load().sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
                return bag
            }
            func awaited() async {
                var bag = Set<AnyCancellable>()
                api.load().sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
                await other()
            }
            func serve() {
                var bag = Set<AnyCancellable>()
                server.requests.sink { print($0) }.store(in: &bag)
                dispatchMain()
            }
        }
        final class LoaderTests: XCTestCase {
            func testLoad() {
                var bag = Set<AnyCancellable>()
                api.load().sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
                subject.send(1)
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:20", "6:37", "10:31"])
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.first?.message,
                       "`cancellables` is a bag local to this scope that nothing keeps, so the subscription is cancelled when the scope ends.")
    }

    /// A future whose closure calls its promise right there (not from a nested closure) delivers and
    /// finishes during `sink`, like `Just`: written in place, in `Deferred`, or returned by a project
    /// function. A hop to another queue, or a promise called later, still needs the token (issue #13
    /// probes, round 7).
    func testFutureFulfilledDuringSubscribeNeedsNoToken() {
        let files = [
            (path: "Rates.swift", text: """
            final class Rates {
                var table: [String: Double] = [:]
                func convert(_ amount: Double, to code: String) -> AnyPublisher<Double, Never> {
                    Deferred {
                        Future { promise in
                            promise(.success(amount * (self.table[code] ?? 1)))
                        }
                    }
                    .eraseToAnyPublisher()
                }
                func fetch(_ code: String) -> AnyPublisher<Double, Never> {
                    Future { promise in
                        DispatchQueue.global().async { promise(.success(1)) }
                    }
                    .eraseToAnyPublisher()
                }
            }
            """),
            (path: "RatesTests.swift", text: """
            final class RatesTests: XCTestCase {
                func testConversion() {
                    let rates = Rates()
                    var value: Double?
                    _ = rates.convert(2, to: "EUR").sink { value = $0 }
                    _ = Future<Int, Never> { promise in promise(.success(1)) }.map { $0 + 1 }.sink { print($0) }
                    _ = rates.convert(2, to: "EUR").receive(on: DispatchQueue.main).sink { value = $0 }
                    _ = rates.fetch("EUR").sink { value = $0 }
                    print(value as Any)
                }
            }
            """),
        ]
        XCTAssertEqual(positions(files), ["RatesTests.swift:7:73", "RatesTests.swift:8:32"])
    }

    /// `publisher.subscribe(subject)` returns the subscription's `AnyCancellable`; dropped (a statement
    /// or `_ =`), the subject is unsubscribed at once. Kept, given a `Subscriber` (which returns
    /// nothing), or from `Just` (delivered during the call), it is quiet (issue #13 probes, round 7).
    func testDroppedSubscribeOfASubject() {
        let text = """
        final class ViewModel {
            let routes = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()
            func bind(_ taps: AnyPublisher<Int, Never>) {
                taps.map { $0 + 1 }.subscribe(routes)
                _ = taps.subscribe(self.routes)
                taps.subscribe(routes).store(in: &bag)
                taps.subscribe(AnySubscriber(receiveValue: { _ in .none }))
                Just(1).subscribe(routes)
                taps.subscribe(logger)
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:29", "6:18"])
    }

    /// A local or parameter hides the project's same-named subject properties: it is a subject by its
    /// declaration (written type, or the type its initial value constructs, a project class that
    /// conforms to `Subject` included). A `Subscriber` made in place (OpenCombine's operators:
    /// `let inner = Inner(downstream: subscriber); upstream.subscribe(inner)`) is none; a local
    /// whose value comes from a call still falls back to the property names.
    func testALocalOrParameterIsASubjectByItsDeclaration() {
        let text = """
        final class Screen {
            let inner = PassthroughSubject<Int, Never>()
            let relay = PassthroughSubject<Int, Never>()
        }
        final class Echo: Subject {
            func send(_ value: Int) {}
        }
        struct Forwarder {
            func forward(_ taps: AnyPublisher<Int, Never>, into output: PassthroughSubject<Int, Never>, sink inner: AnySubscriber<Int, Never>) {
                taps.subscribe(output)
                taps.subscribe(inner)
            }
            func receive<S: Subscriber>(subscriber: S, taps: AnyPublisher<Int, Never>) {
                let inner = Inner(downstream: subscriber)
                taps.subscribe(inner)
                let wrapped = Wrapper.Inner(downstream: subscriber)
                taps.subscribe(wrapped)
                let echo = Echo()
                taps.subscribe(echo)
                let typed: CurrentValueSubject<Int, Never> = .init(0)
                taps.subscribe(typed)
                let relay = screen.makeRelay()
                taps.subscribe(relay)
                let feeder = SubjectSubscriber(echo)
                taps.subscribe(feeder)
            }
        }
        """
        XCTAssertEqual(positions(text), ["10:14", "19:14", "21:14", "23:14"])
    }

    /// A parameter or local declared as an array, set or dictionary is a sequence: its `publisher`
    /// delivers every element and finishes during `sink`; so does an optional's `publisher`
    /// (`Optional.Publisher`, the one value if any). A property of unknown type or a hop to another
    /// queue still needs the token.
    func testPublisherOfACollectionParameterNeedsNoToken() {
        let text = """
        enum Export {
            static func log(_ notes: [Note], tags: Set<String>, other: Feed, maybe: [Note]?) {
                _ = notes.publisher.map(\\.title).sink { print($0) }
                _ = tags.publisher.sink { print($0) }
                let counts: [String: Int] = [:]
                _ = counts.publisher.sink { print($0) }
                _ = notes.publisher.receive(on: DispatchQueue.main).sink { print($0) }
                _ = other.publisher.sink { print($0) }
                _ = maybe.publisher.sink { print($0) }
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:61", "8:29"])
    }

    /// A constant local made by a collection's own steps (`(0..<5).map { … }`, `notes.map(\\.id)`,
    /// `[1, 2].map { … }`) is an array: its `publisher` finishes during `sink`. A local made by a
    /// publisher's `map` is no collection, and its sink needs the token.
    func testPublisherOfALocalMadeByCollectionStepsNeedsNoToken() {
        let text = """
        enum Export {
            static func log(_ notes: [Note], feed: PassthroughSubject<Int, Never>) {
                let delays = (0..<5).map { _ in 2.0 }
                _ = delays.publisher.filter { $0 > 0 }.sink { print($0) }
                let ids = notes.map(\\.id)
                let sorted = ids.sorted()
                _ = sorted.publisher.sink { print($0) }
                let doubled = [1, 2].map { $0 * 2 }
                _ = doubled.publisher.sink { print($0) }
                let values = feed.map { $0 * 2 }
                _ = values.sink { print($0) }
            }
        }
        """
        XCTAssertEqual(positions(text), ["11:20"])
    }

    /// A stored property of the type declared as an array is a sequence too; one declared as a
    /// publisher, or computed, is not known to be.
    func testPublisherOfACollectionPropertyNeedsNoToken() {
        let text = """
        final class Analytics {
            private var buffer: [String] = []
            private var feed: AnyPublisher<String, Never>
            var recent: [String] { buffer }
            func kinds() -> Int {
                var kinds = Set<String>()
                _ = buffer.publisher.map { $0.prefix(3) }.sink { kinds.insert(String($0)) }
                _ = feed.sink { kinds.insert($0) }
                _ = recent.publisher.sink { kinds.insert($0) }
                return kinds.count
            }
        }
        """
        XCTAssertEqual(positions(text), ["8:18", "9:30"])
    }

    /// `_ = token` as the last statement only silences the compiler when nothing runs between the
    /// subscription and it; written after a wait it is a use after the wait and keeps the token
    /// through it, as after an assertion on what was delivered.
    func testSilencingAfterAWaitIsAUseAfterTheWait() {
        let text = """
        final class MetronomeTests: XCTestCase {
            func testBeats() {
                let metronome = Metronome()
                let done = expectation(description: "beats")
                let token = metronome.$beat.dropFirst().sink { _ in done.fulfill() }
                metronome.start()
                wait(for: [done], timeout: 2)
                _ = token
            }
            func testSilencedAtOnce() {
                let metronome = Metronome()
                let token = metronome.$beat.sink { print($0) }
                metronome.start()
                _ = token
            }
            func testCheckedWhileKept() {
                let metronome = Metronome()
                var beat = 0
                let token = metronome.$beat.sink { beat = $0 }
                XCTAssertEqual(beat, 0)
                _ = token
            }
        }
        """
        XCTAssertEqual(positions(text), ["12:37"])
    }

    /// `.zip(…)` or `.merge(with:)` of inputs that also deliver and finish during `subscribe`
    /// finishes during `sink`: nothing is left to cancel. Zipped with a subject, it waits.
    func testCombiningSequencePublishersFinishesDuringSink() {
        let text = """
        func label(_ buttons: [UIButton], _ taps: PassthroughSubject<Int, Never>) {
            _ = ["Record", "Finish"].publisher.zip(buttons.publisher).sink { $1.setTitle($0, for: .normal) }
            _ = Just(1).merge(with: Just(2)).sink { print($0) }
            _ = ["a"].publisher.zip(taps).sink { print($0) }
        }
        """
        XCTAssertEqual(positions(text), ["4:35"])
    }
}
