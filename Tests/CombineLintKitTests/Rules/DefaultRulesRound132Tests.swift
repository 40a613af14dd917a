import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 132 and after (see the rule documents).
final class DefaultRulesRound132Tests: XCTestCase {
    private func till(overlay: String) -> [SourceFile] {
        [SourceFile(path: "TillSession.swift", text: """
            final class TillSession: ObservableObject {
                @Published var basket = Basket()
            }
            final class Basket: ObservableObject {
                let id = UUID()
                @Published private(set) var lines: [String] = []
                var count: Int { lines.count }
                static var limit: Int { 40 }
            }
            """),
         SourceFile(path: "TillView.swift", text: """
            struct TillView: View {
                @ObservedObject var session: TillSession
                var body: some View {
                    BasketView(basket: session.basket)
                        .overlay { Text("\\(\(overlay))") }
                }
            }
            struct BasketView: View {
                @ObservedObject var basket: Basket
                var body: some View { Text("") }
            }
            """)]
    }

    /// (Round 132.) The inner object is handed to a view that observes it, but another view reads a
    /// property computed from its state through the outer object, which never announces a change
    /// inside it: that read goes stale.
    func testAComputedPropertyOfTheInnerObjectReadThroughTheOuterOne() {
        XCTAssertEqual(places(till(overlay: "session.basket.count"), NestedObservableObjectRule()),
                       ["TillSession.swift:2:20 nested_observable_object"])
        // A constant never changes, and neither does a type's own computed property.
        XCTAssertEqual(places(till(overlay: "session.basket.id"), NestedObservableObjectRule()), [])
        XCTAssertEqual(places(till(overlay: "Basket.limit"), NestedObservableObjectRule()), [])
    }

    private func accountFiles(previewPath: String) -> [SourceFile] {
        [SourceFile(path: "HostingClient.swift", text: """
            protocol HostingClientProtocol: AnyObject {
                func accountStatus() -> AnyPublisher<AccountStatus, Error>
            }
            final class HostingClient: HostingClientProtocol {
                func accountStatus() -> AnyPublisher<AccountStatus, Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/account")!)
                        .map(\\.data)
                        .decode(type: AccountStatus.self, decoder: JSONDecoder())
                        .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: previewPath, text: """
            final class PreviewHostingClient: HostingClientProtocol {
                func accountStatus() -> AnyPublisher<AccountStatus, Error> {
                    Just(AccountStatus()).setFailureType(to: Error.self).eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "UploadService.swift", text: """
            final class UploadService {
                private let client: HostingClientProtocol
                private var cancellables = Set<AnyCancellable>()
                init(client: HostingClientProtocol) { self.client = client }
                func verify() {
                    let status = client.accountStatus()
                    status.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &cancellables)
                    status.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &cancellables)
                }
            }
            """)]
    }

    /// (Round 133.) A `Preview…` type in a file of preview support by its name (`PreviewSupport.swift`)
    /// is the canvas's stand-in: its `Just` is no answer of the app's client, whose request runs once
    /// per subscription. The same type in an app file is one more implementation, and decides too.
    func testAPreviewStandInOfAFileOfPreviewSupportDecidesNothing() {
        XCTAssertEqual(places(accountFiles(previewPath: "Core/PreviewSupport.swift"), ColdPublisherSubscribedTwiceRule()),
                       ["UploadService.swift:8:9 cold_publisher_subscribed_twice"])
        XCTAssertEqual(places(accountFiles(previewPath: "Core/CannedClients.swift"), ColdPublisherSubscribedTwiceRule()), [])
    }

    private func catalog(previewMadeIn previewUse: String) -> [SourceFile] {
        [SourceFile(path: "CatalogService.swift", text: """
            protocol CatalogServicing {
                func vintageInfo(year: Int) -> AnyPublisher<VintageInfo, Error>
            }
            final class CatalogService: CatalogServicing {
                func vintageInfo(year: Int) -> AnyPublisher<VintageInfo, Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/\\(year)")!)
                        .map(\\.data)
                        .decode(type: VintageInfo.self, decoder: JSONDecoder())
                        .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "AppEnvironment.swift", text: """
            final class PreviewCatalogService: CatalogServicing {
                func vintageInfo(year: Int) -> AnyPublisher<VintageInfo, Error> {
                    Just(VintageInfo()).setFailureType(to: Error.self).eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "BottleDetailViewModel.swift", text: """
            @MainActor
            final class BottleDetailViewModel: ObservableObject {
                @Published private(set) var vintageInfo: VintageInfo?
                private let catalog: CatalogServicing
                private var request: AnyCancellable?
                init(catalog: CatalogServicing) { self.catalog = catalog }
                func load() {
                    request = catalog.vintageInfo(year: 2016)
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] info in self?.vintageInfo = info })
                }
            }
            """),
         SourceFile(path: "SearchView.swift", text: """
            struct SearchView: View {
                let catalog: CatalogServicing
                var body: some View { Text("") }
            }
            \(previewUse)
            """)]
    }

    /// (Round 134.) A `Preview…` type made only right in previews is the canvas's stand-in wherever it
    /// is declared: its `Just` is no answer of the app's service, whose request delivers on
    /// URLSession's queue. Made by the app's own code too, it is one more implementation.
    func testAPreviewTypeMadeOnlyInPreviewsDecidesNothing() {
        XCTAssertEqual(places(catalog(previewMadeIn: "#Preview { SearchView(catalog: PreviewCatalogService()) }"), MainActorBackgroundDeliveryRule()),
                       ["BottleDetailViewModel.swift:9:14 main_actor_background_delivery"])
        XCTAssertEqual(places(catalog(previewMadeIn: "let offlineCatalog = PreviewCatalogService()"), MainActorBackgroundDeliveryRule()), [])
    }

    private func bottleFetch(fallback: String) -> [SourceFile] {
        [SourceFile(path: "CatalogService.swift", text: """
            final class CatalogService {
                func fetchBottle(id: UUID) -> AnyPublisher<Bottle, Error> {
                    let remote = URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/bottle")!)
                        .map(\\.data)
                        .decode(type: Bottle.self, decoder: JSONDecoder())
                    return Future<Bottle, Error> { promise in promise(.failure(URLError(.resourceUnavailable))) }
                        .catch { _ in \(fallback) }
                        .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "BottleModel.swift", text: """
            final class BottleModel {
                private let catalog = CatalogService()
                private var bag = Set<AnyCancellable>()
                func load(id: UUID) {
                    let request = catalog.fetchBottle(id: id)
                    request.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
                    request.sink(receiveCompletion: { _ in }, receiveValue: { print($0.name) }).store(in: &bag)
                }
            }
            """)]
    }

    /// (Round 134.) A `Future` made once replays its failure to every subscriber, and `catch` then
    /// makes the fallback request for each of them: two subscriptions, two requests. A fallback
    /// value instead (`Just`) does no work.
    func testACatchFallingBackToARequestRunsItPerSubscription() {
        XCTAssertEqual(places(bottleFetch(fallback: "remote.mapError { $0 as Error }"), ColdPublisherSubscribedTwiceRule()),
                       ["BottleModel.swift:7:9 cold_publisher_subscribed_twice"])
        XCTAssertEqual(places(bottleFetch(fallback: "remote"), ColdPublisherSubscribedTwiceRule()),
                       ["BottleModel.swift:7:9 cold_publisher_subscribed_twice"])
        XCTAssertEqual(places(bottleFetch(fallback: "Just(Bottle()).setFailureType(to: Error.self)"), ColdPublisherSubscribedTwiceRule()), [])
    }

    private func loggerLookups(_ lookups: String) -> [SourceFile] {
        [SourceFile(path: "LoggerAPI.swift", text: """
            final class LoggerAPI {
                func lookupLogger(serial: String) -> AnyPublisher<LoggerInfo, Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/\\(serial)")!)
                        .map(\\.data)
                        .decode(type: LoggerInfo.self, decoder: JSONDecoder())
                        .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "ShipmentModel.swift", text: """
            final class ShipmentModel {
                private let api = LoggerAPI()
                private var cancellables = Set<AnyCancellable>()
                func loadLoggers(_ serials: [String]) {
                    let lookups = \(lookups)
                    lookups.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &cancellables)
                    lookups.sink(receiveCompletion: { _ in }, receiveValue: { print($0.count) }).store(in: &cancellables)
                }
            }
            """)]
    }

    /// (Round 135.) Each subscription to a combining publisher subscribes to every input again:
    /// `MergeMany` of requests made once as values runs each request per subscription, and so does
    /// a `zip` with one. Inputs that answer at once (`Just`) do no work.
    func testACombiningPublisherOfRequestsRunsThemPerSubscription() {
        XCTAssertEqual(places(loggerLookups("Publishers.MergeMany(serials.map { api.lookupLogger(serial: $0) }).collect()"), ColdPublisherSubscribedTwiceRule()),
                       ["ShipmentModel.swift:7:9 cold_publisher_subscribed_twice"])
        XCTAssertEqual(places(loggerLookups("Just(1).setFailureType(to: Error.self).zip(api.lookupLogger(serial: \"A\"))"), ColdPublisherSubscribedTwiceRule()),
                       ["ShipmentModel.swift:7:9 cold_publisher_subscribed_twice"])
        XCTAssertEqual(places(loggerLookups("Publishers.MergeMany(serials.map { Just($0) }).collect()"), ColdPublisherSubscribedTwiceRule()), [])
    }

    private func schedule(doublePath: String, doubleName: String) -> [SourceFile] {
        [SourceFile(path: "APIClient.swift", text: """
            protocol APIClientProtocol {
                func request<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) -> AnyPublisher<T, Error>
            }
            extension APIClientProtocol {
                func fetchSchedule(for day: Date) -> AnyPublisher<ScheduleResponse, Error> {
                    request(.schedule(for: day), as: ScheduleResponse.self)
                }
            }
            final class APIClient: APIClientProtocol {
                func request<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) -> AnyPublisher<T, Error> {
                    URLSession.shared.dataTaskPublisher(for: endpoint.url)
                        .map(\\.data)
                        .decode(type: T.self, decoder: JSONDecoder())
                        .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: doublePath, text: """
            final class \(doubleName): APIClientProtocol {
                var response: Any?
                func request<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) -> AnyPublisher<T, Error> {
                    Just(response as! T).setFailureType(to: Error.self).eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "ScheduleViewModel.swift", text: """
            final class ScheduleViewModel {
                private let api: APIClientProtocol
                private var bag = Set<AnyCancellable>()
                init(api: APIClientProtocol) { self.api = api }
                func refresh(day: Date) {
                    let request = api.fetchSchedule(for: day)
                    request.sink(receiveCompletion: { _ in }, receiveValue: { print($0.visits) }).store(in: &bag)
                    request.sink(receiveCompletion: { _ in }, receiveValue: { print($0.generatedAt) }).store(in: &bag)
                }
            }
            """)]
    }

    /// (Round 137.) A protocol extension's `fetchSchedule(for:)` calls `request(_:as:)` of the
    /// conforming type: the app's client sends a request per subscription, and a test double in a
    /// test folder, which answers with `Just`, stands in for it in tests only.
    func testATestDoubleOfAConformingTypeDecidesNothing() {
        XCTAssertEqual(places(schedule(doublePath: "Tests/MockAPIClient.swift", doubleName: "MockAPIClient"), ColdPublisherSubscribedTwiceRule()),
                       ["ScheduleViewModel.swift:8:9 cold_publisher_subscribed_twice"])
        // The app's own second client, answering from memory, runs no request: which one runs is not known.
        XCTAssertEqual(places(schedule(doublePath: "App/MemoryAPIClient.swift", doubleName: "MemoryAPIClient"), ColdPublisherSubscribedTwiceRule()), [])
    }

    private func alerts(_ timer: String) -> [SourceFile] {
        [SourceFile(path: "SwarmAlertService.swift", text: """
            final class SwarmAlertService {
                private var escalationTimers: [UUID: AnyCancellable] = [:]
                func schedule(_ id: UUID) {
                    escalationTimers[id] = \(timer)
                        .sink { [weak self] _ in self?.escalate(id) }
                }
                func escalate(_ id: UUID) {}
            }
            """)]
    }

    /// (Round 138.) A timer subscribed right where it is made keeps only the subscription, wherever
    /// that is stored (a dictionary of cancellables): nothing can connect the timer any more.
    func testATimerSubscribedWhereItIsMadeAndKeptInADictionary() {
        XCTAssertEqual(places(alerts("Timer.publish(every: 60, on: .main, in: .common)"), TimerNotConnectedRule()),
                       ["SwarmAlertService.swift:4:32 timer_not_connected"])
        XCTAssertEqual(places(alerts("Timer.publish(every: 60, on: .main, in: .common).autoconnect()"), TimerNotConnectedRule()), [])
    }

    private func camera(firstParameter: String) -> [SourceFile] {
        [SourceFile(path: "FramePhotoCameraViewController.swift", text: """
            final class FramePhotoCameraViewController: UIViewController {
                private let captureSubject = PassthroughSubject<UIImage, Never>()
                private let thumbnailView = UIImageView()
                private var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    captureSubject
                        .sink { [weak self] image in self?.thumbnailView.image = image }
                        .store(in: &cancellables)
                }
            }
            extension FramePhotoCameraViewController: AVCapturePhotoCaptureDelegate {
                func photoOutput(_ output: \(firstParameter), didFinishProcessingPhoto photo: AVCapturePhoto, error: Error?) {
                    guard let data = photo.fileDataRepresentation(), let image = UIImage(data: data) else { return }
                    captureSubject.send(image)
                }
            }
            """)]
    }

    /// (Round 138.) AVFoundation calls a photo output's delegate on a queue of its own: a subject
    /// sent into there delivers off the main thread. A same-named method of another kind is no such callback.
    func testAPhotoOutputCallbackRunsOffTheMainThread() {
        XCTAssertEqual(places(camera(firstParameter: "AVCapturePhotoOutput"), MainActorBackgroundDeliveryRule()),
                       ["FramePhotoCameraViewController.swift:8:14 main_actor_background_delivery"])
        XCTAssertEqual(places(camera(firstParameter: "PhotoExporter"), MainActorBackgroundDeliveryRule()), [])
    }
}
