import XCTest
@testable import CombineLintKit

final class FlatMapWithoutSwitchRuleTests: XCTestCase {
    func testFixOnMultilineClosure() {
        let text = """
        $query
            .debounce(for: 0.3, scheduler: RunLoop.main)
            .flatMap { query in
                api.search(query)
            }
            .assign(to: &$results)

        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["3:6-3:13"])
        XCTAssertEqual(applying(found[0].fix?.edits ?? [], to: text), """
        $query
            .debounce(for: 0.3, scheduler: RunLoop.main)
            .map { query in
                api.search(query)
            }.switchToLatest()
            .assign(to: &$results)

        """)
    }

    /// `maxPublishers: .max(1)` drops what arrives during a request (it does not queue it), and the help says so.
    func testMessageNamesTheShaperAndHelpOffersBothForms() throws {
        let text = "$zip.removeDuplicates().flatMap { lookup.city(for: $0) }.assign(to: &$city)\n"
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(finding.message, "`flatMap` after `removeDuplicates` keeps every request running, so an older, slower response can overwrite a newer one.")
        XCTAssertEqual(finding.help, "Use `map { … }.switchToLatest()` to cancel the previous request; `flatMap(maxPublishers: .max(1))` instead drops the values that arrive while a request runs.")
    }

    func testFunctionReferencesCountAsTransforms() {
        let text = """
        $query.debounce(for: .seconds(0.3), scheduler: DispatchQueue.main)
            .flatMap(api.search).sink { print($0) }.store(in: &bag)
        $query.debounce(for: .seconds(0.3), scheduler: DispatchQueue.main)
            .flatMap(search).sink { print($0) }.store(in: &bag)
        $query.debounce(for: .seconds(0.3), scheduler: DispatchQueue.main)
            .flatMap(Just.init).sink { print($0) }.store(in: &bag)
        $query.debounce(for: .seconds(0.3), scheduler: DispatchQueue.main)
            .flatMap(maxPublishers: .max(1), search).sink { print($0) }.store(in: &bag)
        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:6", "4:6"])
        XCTAssertTrue(applying(found[0].fix!.edits, to: text).contains("    .map(api.search).switchToLatest().sink { print($0) }"))
    }

    /// The first `flatMap` stands directly on `$a`, the second after the `throttle`: each message names its reason.
    func testFlatMapsOnTheSourceAndAfterTheShaperAreReportedEachForItsReason() {
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: """
        $a.flatMap { load($0) }.throttle(for: 1, scheduler: RunLoop.main, latest: true).flatMap { save($0) }.sink { print($0) }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column) \($0.message)" }, [
            "1:4 `flatMap` on `$a` keeps every inner publisher running, so an older, slower response can overwrite a newer one.",
            "1:81 `flatMap` after `throttle` keeps every request running, so an older, slower response can overwrite a newer one.",
        ])
    }

    /// Directly on a source: `$property`, a subject (by its declaration), a text-change notification,
    /// through value-passing steps only; never objectWillChange, other notifications, or after `first()`.
    func testFlatMapDirectlyOnTypingLikeSources() {
        let text = """
        final class Model {
            let plain = PassthroughSubject<String, Never>()
            @Published var text = ""
            func bind(center: NotificationCenter) {
                plain.flatMap { api.search($0) }.sink { self.results = $0 }.store(in: &bag)
                self.$text.map { $0.lowercased() }.receive(on: DispatchQueue.main).flatMap { api.search($0) }.sink { print($0) }.store(in: &bag)
                center.publisher(for: NSControl.textDidChangeNotification).flatMap { _ in api.check() }.sink { print($0) }.store(in: &bag)
                center.publisher(for: .didSave).flatMap { _ in api.check() }.sink { print($0) }.store(in: &bag)
                objectWillChange.flatMap { _ in api.check() }.sink { print($0) }.store(in: &bag)
                $text.first().flatMap { api.search($0) }.sink { print($0) }.store(in: &bag)
                $text.flatMap(maxPublishers: .max(1)) { api.search($0) }.sink { print($0) }.store(in: &bag)
                $text.flatMap { _ in Empty<Int, Never>() }.sink { print($0) }.store(in: &bag)
                $text.merge(with: plain).flatMap { api.search($0) }.sink { print($0) }.store(in: &bag)
            }
        }

        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:15", "6:76", "7:68"])
        XCTAssertEqual(found.map(\.message).last, "`flatMap` on a text-change notification keeps every inner publisher running, so an older, slower response can overwrite a newer one.")
    }

    func testRemoveDuplicatesOnASequenceIsQuiet() {
        XCTAssertEqual(findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: "let all = groups.removeDuplicates().flatMap { $0.members }\n")]).count, 0)
    }

    /// The shaping operator may sit in a local the chain starts from: `let typed = $text.debounce(for: …)`,
    /// then `typed.filter { … }.flatMap { … }`.
    func testShaperInTheLocalTheChainStartsFrom() throws {
        let text = """
        final class Search {
            @Published var text = ""
            func bind() {
                let typed = $text.removeDuplicates().debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
                typed.filter { !$0.isEmpty }.flatMap { api.search($0) }.sink { print($0) }.store(in: &bag)
                typed.map { api.search($0) }.switchToLatest().sink { print($0) }.store(in: &bag)
                let plain = $text.map { $0.lowercased() }
                plain.compactMap { $0 }.flatMap { api.search($0) }.sink { print($0) }.store(in: &bag)
            }
        }
        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:38"])
        XCTAssertEqual(try XCTUnwrap(found.first).message, "`flatMap` after `debounce` (in `typed`) keeps every request running, so an older, slower response can overwrite a newer one.")
    }

    /// A subject may carry events that each matter (message ids, uploads): a `flatMap` on it is
    /// reported only where the results replace one another (`assign`, a sink that assigns), not
    /// where they are gathered, added to a collection or handed on.
    func testFlatMapOnASubjectIsReportedOnlyWhereResultsReplaceEachOther() {
        let text = """
        final class Inbox {
            let ids = PassthroughSubject<Int, Never>()
            @Published var latest: String?
            var messages: [String] = []
            func bind() {
                ids.flatMap { api.message($0) }.assign(to: &$latest)
                ids.flatMap { api.message($0) }.sink { [weak self] in self?.latest = $0 }.store(in: &bag)
                ids.flatMap { api.message($0) }.sink { [weak self] in self?.messages.append($0) }.store(in: &bag)
                ids.flatMap { api.message($0) }.scan([]) { $0 + [$1] }.sink { _ in }.store(in: &bag)
            }
            func stream() -> AnyPublisher<String, Never> {
                ids.flatMap { api.message($0) }.eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [(path: "A.swift", text: text)]), ["A.swift:6:13", "A.swift:7:13"])
    }

    /// A result stored under its own key (`lastRun[id] = Date()`) lands in its own slot: the
    /// results of a subject's events are gathered, not replacing one another. A plain assignment
    /// in the same kind of sink still is reported.
    func testResultsStoredUnderAKeyAreGathered() {
        let text = """
        final class AutomationEngine {
            let triggered = PassthroughSubject<Automation, Never>()
            var lastRun: [UUID: Date] = [:]
            var latest: UUID?
            func bind() {
                triggered.flatMap { run($0) }.sink { [weak self] id in self?.lastRun[id] = Date() }.store(in: &bag)
                triggered.flatMap { run($0) }.sink { [weak self] id in self?.latest = id }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [(path: "A.swift", text: text)]), ["A.swift:7:19"])
    }

    /// A subject's events gathered one by one (`append`, `+=`) after a shaping operator overwrite
    /// nothing: a camera's scans de-duplicated, each looked up and added to the list. A sink that
    /// empties the list before it adds (`removeAll` then `append`) replaces it, and pages appended
    /// as a scroll position asks for them still arrive out of order: both are reported.
    func testGatheredResultsAfterAShaperAreQuiet() {
        let text = """
        final class Scanner {
            private let scans = PassthroughSubject<String, Never>()
            @Published var lookups: [Product] = []
            func bind() {
                scans.removeDuplicates().flatMap { Lookup(code: $0) }.sink { [weak self] in self?.lookups.append($0) }.store(in: &bag)
                scans.removeDuplicates().flatMap { Lookup(code: $0) }.sink { [weak self] in self?.count += $0.size }.store(in: &bag)
                $query.debounce(for: 0.3, scheduler: DispatchQueue.main).flatMap { api.search($0) }
                    .sink { [weak self] in self?.lookups.removeAll(); self?.lookups.append(contentsOf: $0) }.store(in: &bag)
                $offset.throttle(for: 1, scheduler: DispatchQueue.main, latest: true).flatMap { _ in feed.nextPage() }
                    .sink { [weak self] in self?.lookups.append(contentsOf: $0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [(path: "A.swift", text: text)]), ["A.swift:7:66", "A.swift:9:79"])
    }

    /// A shaping operator before `switchToLatest` shaped the outer values; the `flatMap` after it
    /// takes the inner publisher's values (a timer's ticks). A `Future` fulfilled in its own closure
    /// finishes at once, as `Just` does.
    func testShaperBeforeSwitchToLatestAndSynchronousFutures() {
        let text = """
        final class Poller {
            func bind() {
                settings.$interval.removeDuplicates()
                    .map { Timer.publish(every: $0, on: .main, in: .common).autoconnect() }
                    .switchToLatest()
                    .flatMap { [repository] _ in api.refresh(repository) }
                    .sink { [weak self] in self?.status = $0 }.store(in: &bag)
                $query.debounce(for: 0.3, scheduler: DispatchQueue.main)
                    .flatMap { q in Future<String, Never> { promise in promise(.success(q.lowercased())) } }
                    .assign(to: &$normalized)
                $query.debounce(for: 0.3, scheduler: DispatchQueue.main)
                    .flatMap { q in Future<String, Never> { promise in api.load(q) { promise(.success($0)) } } }
                    .assign(to: &$normalized)
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [(path: "A.swift", text: text)]), ["A.swift:12:14"])
    }

    /// Fire-and-forget requests whose answers nobody reads (`sink { _ in }`, `receiveValue: { _ in }`)
    /// replace nothing, and answers stored each under its own key land in their own slots, whatever
    /// the source; a sink that reads the answer, or `handleEvents` that does, is still reported.
    func testIgnoredOrKeyedResultsAfterAShaper() {
        let text = """
        final class Composer {
            func bind(selection: AnyPublisher<URL, Never>) {
                $text.throttle(for: .seconds(3), scheduler: RunLoop.main, latest: false).flatMap { _ in typing.ping() }.sink { _ in }.store(in: &bag)
                actions.removeDuplicates().flatMap { api.markRead($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                selection.removeDuplicates().flatMap { url in catalog.tags(for: url).map { (url, $0) } }
                    .sink { [weak self] url, tags in self?.tagCache[url] = tags }.store(in: &bag)
                $text.debounce(for: 0.3, scheduler: RunLoop.main).flatMap { api.search($0) }.sink { [weak self] in self?.results = $0 }.store(in: &bag)
                $text.debounce(for: 0.3, scheduler: RunLoop.main).flatMap { api.search($0) }
                    .handleEvents(receiveOutput: { [weak self] in self?.results = $0 }).sink { _ in }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [(path: "A.swift", text: text)]), ["A.swift:7:59", "A.swift:8:59"])
    }

    /// A KVO key-path publisher is an object's state, as `$property` is; a notification that is no
    /// text change, and a `switchToLatest` after it, are not reported.
    func testKVOKeyPathPublisherIsASource() {
        let text = """
        final class PlayerViewModel {
            init(player: AVPlayer) {
                player.publisher(for: \\.currentItem).compactMap { $0 }.flatMap { item in item.publisher(for: \\.status) }.sink { print($0) }.store(in: &bag)
                player.publisher(for: \\.currentItem).compactMap { $0 }.map { item in item.publisher(for: \\.status) }.switchToLatest().sink { print($0) }.store(in: &bag)
                NotificationCenter.default.publisher(for: .AVPlayerItemDidPlayToEndTime).flatMap { _ in load() }.sink { print($0) }.store(in: &bag)
                // player.publisher(for: \\.rate).flatMap { _ in load() }
            }
        }
        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:64"])
        XCTAssertEqual(found.first?.message, "`flatMap` on `player.publisher(for: \\.currentItem)` keeps every inner publisher running, so an older, slower response can overwrite a newer one.")
    }

    /// Forwarding a child's `objectWillChange` through `flatMap` sends a signal with no value: no
    /// older answer can overwrite a newer one. A child's `$title` through `flatMap` is still reported.
    func testForwardingAChildsObjectWillChangeIsNotReported() {
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: """
        final class Checkout: ObservableObject {
            @Published var shipping = AddressForm()
            @Published var title = ""
            var bag = Set<AnyCancellable>()
            init() {
                $shipping.flatMap { $0.objectWillChange }.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)
                $shipping.flatMap { $0.$city }.assign(to: &$title)
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:19"])
    }

    /// `tags.publisher.collect()` is a sequence's publisher: it delivers and finishes while it is
    /// subscribed, so no answer can arrive late. Where the project declares a property named
    /// `publisher` (it may hold a subject), or the inner chain merges in another publisher, it is still reported.
    func testASequencesPublisherFinishesAtOnce() {
        let model = """
        final class SearchModel: ObservableObject {
            @Published var query = ""
            @Published var tags: [String] = []
            func bind() {
                $query
                    .map { text in text.split(separator: " ").map(String.init) }
                    .flatMap { tags in tags.publisher.collect() }
                    .assign(to: &$tags)
                $query
                    .map { [$0] }
                    .flatMap { $0.publisher.merge(with: api.suggestions()) }
                    .assign(to: &$tags)
            }
        }

        """
        let quiet = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: model)])
        XCTAssertEqual(quiet.map { "\($0.ruleID):\($0.line):\($0.column)" }, ["flatmap_without_switch:11:14"])
        let relay = "final class Relay { let publisher = PassthroughSubject<String, Never>() }\n"
        let loud = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: model), (path: "B.swift", text: relay)])
        XCTAssertEqual(loud.map { "\($0.ruleID):\($0.line):\($0.column)" }, ["flatmap_without_switch:7:14", "flatmap_without_switch:11:14"])
    }
}
