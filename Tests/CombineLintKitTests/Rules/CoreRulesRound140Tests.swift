import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 140 and after (see the rule documents).
final class CoreRulesRound140Tests: XCTestCase {
    /// (Round 141.) A table's `cellForRowAt` calls `startObservingRank()` on a cached row model, which
    /// stores a subscription to its `let updates` into its own bag; the initializer set `updates` from
    /// its parameter, and the only construction passes a subject's filtered stream, which never
    /// finishes: one more subscription per reload. Not when the constructions pass a request.
    func testAStoredPublisherSetFromTheInitializersParameterByConstructionsThatNeverFinish() {
        func files(updates: String) -> [SourceFile] {
            [SourceFile(path: "LeaderboardViewModel.swift", text: """
                final class LeaderboardViewModel {
                    private let rankSubject = PassthroughSubject<Entry, Never>()
                    private var rows: [String: RowViewModel] = [:]
                    func row(for entry: Entry) -> RowViewModel {
                        if let existing = rows[entry.id] { return existing }
                        let row = RowViewModel(entry: entry, updates: \(updates))
                        rows[entry.id] = row
                        return row
                    }
                }
                final class RowViewModel {
                    @Published var rankDelta = 0
                    private let updates: AnyPublisher<Entry, Never>
                    private var cancellables = Set<AnyCancellable>()
                    init(entry: Entry, updates: AnyPublisher<Entry, Never>) {
                        self.updates = updates
                    }
                    func startObservingRank() {
                        updates
                            .map(\\.rank)
                            .sink { [weak self] rank in self?.rankDelta = rank }
                            .store(in: &cancellables)
                    }
                }
                """),
             SourceFile(path: "LeaderboardViewController.swift", text: """
                final class LeaderboardViewController: UIViewController, UITableViewDataSource {
                    let viewModel = LeaderboardViewModel()
                    var entries: [Entry] = []
                    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! RowCell
                        let row = viewModel.row(for: entries[indexPath.row])
                        row.startObservingRank()
                        cell.configure(with: row)
                        return cell
                    }
                }
                """)]
        }
        XCTAssertEqual(places(files(updates: "rankSubject.filter { $0.id == entry.id }.eraseToAnyPublisher()"), RepeatedSubscriptionRule()),
                       ["LeaderboardViewModel.swift:22:14 repeated_subscription"])
        XCTAssertEqual(places(files(updates: "Just(entry).eraseToAnyPublisher()"), RepeatedSubscriptionRule()), [])
    }

    /// (Round 142.) `let streams = spots.map { self.swellService.readings(for: $0.id) }`, then
    /// `Publishers.MergeMany(streams)…sink { [weak self] … }` kept in `self.bestSpotCancellable`: the
    /// array's `map` runs at once while the collection of publishers is made, as when it is written in
    /// the call, so the subscription does not keep its closure. A strong `self` in the merged
    /// pipeline's own operator is still reported.
    func testACollectionOfPublishersMadeInALocalBeforeMergeMany() {
        func text(step: String) -> String {
            """
            final class FavouritesViewModel {
                private var bestSpotCancellable: AnyCancellable?
                private var cancellables = Set<AnyCancellable>()
                init(sync: FavouritesSync) {
                    sync.$favourites
                        .sink { [weak self] spots in
                            guard let self else { return }
                            let streams = spots.map { self.swellService.readings(for: $0.id) }
                            self.bestSpotCancellable = Publishers.MergeMany(streams)
                                .map { \(step) }
                                .sink { [weak self] best in self?.bestSpotText = best.name }
                        }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(step: "$0")), [])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(step: "self.rank($0)")), ["10:28"])
    }

    /// (Round 142.) Another type's `viewWillAppear` calls `telemetry.startPolling(cranes:)`, whose
    /// first statement, `stopPolling()`, empties the bag it then stores into: each call ends what the
    /// previous one started. Reported when no such call comes before the store, or only in a closure
    /// that runs later.
    func testABagEmptiedByAnOwnMethodCalledBeforeTheStore() {
        func text(start: String) -> String {
            """
            final class Telemetry {
                private var pollCancellables = Set<AnyCancellable>()
                func startPolling(cranes: [Crane]) {
                    \(start)
                    NotificationCenter.default.publisher(for: .craneHeartbeat)
                        .sink { [weak self] _ in self?.tick() }
                        .store(in: &pollCancellables)
                }
                func stopPolling() {
                    resetBags()
                }
                private func resetBags() {
                    pollCancellables.removeAll()
                }
            }
            final class DashboardViewController: UIViewController {
                let telemetry = Telemetry()
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    telemetry.startPolling(cranes: [])
                }
            }
            """
        }
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(start: "stopPolling()")), [])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(start: "log()")), ["7:14"])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(start: "DispatchQueue.main.async { self.stopPolling() }")), ["7:14"])
    }

    /// (Round 143.) A protocol-typed dependency's `feed(for:)`, whose implementation returns
    /// `Deferred { guard let self else { return Empty()… }; return self.subject(for: stop).eraseToAnyPublisher() }`:
    /// every subscription gets a `CurrentValueSubject`, which never finishes (the early exit aside),
    /// so a strong `self` in the stored pipeline is a cycle. Not when the deferred closure returns a request.
    func testAFeedDeferredToASubjectNeverFinishes() {
        func files(deferred: String) -> [SourceFile] {
            [SourceFile(path: "DisruptionService.swift", text: """
                protocol DisruptionProviding {
                    func feed(for stop: StopID) -> AnyPublisher<[Disruption], Never>
                }
                final class DisruptionService: DisruptionProviding {
                    private var subjects: [StopID: CurrentValueSubject<[Disruption], Never>] = [:]
                    func feed(for stop: StopID) -> AnyPublisher<[Disruption], Never> {
                        Deferred { [weak self] () -> AnyPublisher<[Disruption], Never> in
                            guard let self else { return Empty().eraseToAnyPublisher() }
                            return \(deferred)
                        }
                        .eraseToAnyPublisher()
                    }
                    private func subject(for stop: StopID) -> CurrentValueSubject<[Disruption], Never> {
                        if let existing = subjects[stop] { return existing }
                        let made = CurrentValueSubject<[Disruption], Never>([])
                        subjects[stop] = made
                        return made
                    }
                }
                """),
             SourceFile(path: "DisruptionsScreenModel.swift", text: """
                final class DisruptionsScreenModel: ObservableObject {
                    @Published var items: [Disruption] = []
                    @Published var isLoading = true
                    private let service: DisruptionProviding
                    private var cancellables = Set<AnyCancellable>()
                    init(service: DisruptionProviding) {
                        self.service = service
                        service.feed(for: "stop")
                            .handleEvents(receiveOutput: { _ in self.isLoading = false })
                            .sink { [weak self] in self?.items = $0 }
                            .store(in: &cancellables)
                    }
                }
                """)]
        }
        XCTAssertEqual(places(files(deferred: "self.subject(for: stop).eraseToAnyPublisher()"), StrongSelfCaptureRule()),
                       ["DisruptionsScreenModel.swift:9:49 strong_self_capture"])
        XCTAssertEqual(places(files(deferred: "URLSession.shared.dataTaskPublisher(for: url(stop)).map(\\.data).decode(type: [Disruption].self, decoder: JSONDecoder()).replaceError(with: []).eraseToAnyPublisher()"),
                              StrongSelfCaptureRule()), [])
    }

    /// (Round 143.) A `flatMap` on a subject builds, per tap, an inner pipeline that ends in
    /// `.flatMap { report in self.api?.submit(report) ?? Empty().eraseToAnyPublisher() }`: a request
    /// or an empty publisher, either of which finishes, so the inner pipeline releases its closures and
    /// only the outer closure's strong `self` is a cycle. When the fallback is a subject, the inner
    /// pipeline lives on and its closures are reported too.
    func testAnInnerPipelineReturningAChoiceOfFinishingPublishers() {
        func text(fallback: String) -> String {
            """
            final class ExceptionViewModel {
                private let api: APIClient?
                private var cancellables = Set<AnyCancellable>()
                init(api: APIClient?) {
                    self.api = api
                    submitTaps
                        .flatMap { _ -> AnyPublisher<Void, Never> in
                            let note = self.note
                            return Just(note)
                                .map { ExceptionReport(note: $0, reason: self.reason) }
                                .flatMap { report in self.api?.submit(report) ?? \(fallback) }
                                .eraseToAnyPublisher()
                        }
                        .sink { [weak self] _ in self?.isSubmitting = false }
                        .store(in: &cancellables)
                }
            }
            final class APIClient {
                func submit(_ report: ExceptionReport) -> AnyPublisher<Void, Never> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
                        .map { _ in () }
                        .replaceError(with: ())
                        .eraseToAnyPublisher()
                }
            }
            """
        }
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(fallback: "Empty().eraseToAnyPublisher()")), ["8:28"])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(fallback: "self.retrySubject.eraseToAnyPublisher()")),
                       ["8:28", "10:62", "11:42"])
    }

    /// (Round 145.) A cell's `configure` loads its photo through `images.image(for: url)`, whose
    /// implementation returns a cached image, the request it keeps in flight (`if let running =
    /// inFlight[url] { return running }`, filled below with `inFlight[url] = publisher`) or a new
    /// request: each finishes, and the sink checks that the cell still shows its row, so nothing
    /// piles up or lands in the wrong row. Reported when the cache is never filled (the cached
    /// publisher may be anything).
    func testACellLoadThroughACacheOfInFlightRequests() {
        func files(fill: String) -> [SourceFile] {
            [SourceFile(path: "ImageLoader.swift", text: """
                protocol ImageLoading {
                    func image(for url: URL) -> AnyPublisher<UIImage?, Never>
                }
                final class ImageLoader: ImageLoading {
                    private let cache = NSCache<NSURL, UIImage>()
                    private var inFlight: [URL: AnyPublisher<UIImage?, Never>] = [:]
                    func image(for url: URL) -> AnyPublisher<UIImage?, Never> {
                        if let cached = cache.object(forKey: url as NSURL) {
                            return Just(cached).eraseToAnyPublisher()
                        }
                        if let running = inFlight[url] {
                            return running
                        }
                        let publisher = URLSession.shared.dataTaskPublisher(for: url)
                            .map { UIImage(data: $0.data) }
                            .replaceError(with: nil)
                            .share()
                            .eraseToAnyPublisher()
                        \(fill)
                        return publisher
                    }
                }
                """),
             SourceFile(path: "PlantCell.swift", text: """
                final class PlantCell: UITableViewCell {
                    private var representedPlantID: UUID?
                    private var cancellables = Set<AnyCancellable>()
                    func configure(with plant: Plant, images: ImageLoading) {
                        representedPlantID = plant.id
                        images.image(for: plant.photoURL)
                            .sink { [weak self] image in
                                guard self?.representedPlantID == plant.id else { return }
                                self?.imageView?.image = image
                            }
                            .store(in: &cancellables)
                    }
                }
                """),
             SourceFile(path: "PlantListViewController.swift", text: """
                final class PlantListViewController: UIViewController, UITableViewDataSource {
                    let images: ImageLoading = ImageLoader()
                    var plants: [Plant] = []
                    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        let cell = tableView.dequeueReusableCell(withIdentifier: "plant", for: indexPath) as! PlantCell
                        cell.configure(with: plants[indexPath.row], images: images)
                        return cell
                    }
                }
                """)]
        }
        XCTAssertEqual(places(files(fill: "inFlight[url] = publisher"), StoreInAppearanceRule()), [])
        XCTAssertEqual(places(files(fill: "print(url)"), StoreInAppearanceRule()), ["PlantCell.swift:11:14 store_in_appearance"])
    }

    /// (Round 146.) `_ = (api.request(endpoint) as AnyPublisher<EmptyResponse, APIError>)` with `.sink`
    /// on the next line: a line that starts with `.sink` goes on from the parenthesised publisher, and
    /// the cancellable thrown away cancels the request at once.
    func testASinkOnTheNextLineAfterAParenthesisedCast() {
        let text = """
        final class EarningsSyncService {
            func acknowledgePayout(id: String) {
                _ = (api.request(endpoint) as AnyPublisher<EmptyResponse, APIError>)
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), ["4:14"])
    }

    /// (Round 146.) `(api.request(.currentShift) as AnyPublisher<Shift, APIError>)…assign(to: &$shift)`
    /// from `viewWillAppear`: the parentheses hold a request, which finishes, so no subscription stays
    /// in the `@Published` storage. `(ready ? Just(a) : Just(b)).sink { … }` there finishes as well.
    /// Reported when the parentheses hold a subject.
    func testAPublisherInParenthesesIsJudgedByWhatItHolds() {
        func text(source: String) -> String {
            """
            final class ShiftViewModel: ObservableObject {
                @Published var shift: Shift?
                let updates = PassthroughSubject<Shift, APIError>()
                func refreshShift() {
                    (\(source) as AnyPublisher<Shift, APIError>)
                        .map(Optional.some)
                        .replaceError(with: nil)
                        .assign(to: &$shift)
                }
            }
            final class ShiftViewController: UIViewController {
                let viewModel = ShiftViewModel()
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    viewModel.refreshShift()
                }
            }
            final class APIClient {
                func request(_ endpoint: Endpoint) -> AnyPublisher<Shift, APIError> {
                    URLSession.shared.dataTaskPublisher(for: endpoint.url)
                        .map(\\.data)
                        .decode(type: Shift.self, decoder: JSONDecoder())
                        .mapError { _ in APIError.failed }
                        .eraseToAnyPublisher()
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedAssignCycleRule.self, text(source: "APIClient().request(.currentShift)")), [])
        XCTAssertEqual(positions(PublishedAssignCycleRule.self, text(source: "updates.eraseToAnyPublisher()")), ["8:14"])
    }
}
