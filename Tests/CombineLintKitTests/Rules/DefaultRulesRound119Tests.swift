import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 119 (see the rule documents).
final class DefaultRulesRound119Tests: XCTestCase {
    /// `rebuildColumns(floor: floor)` with `func rebuildColumns(floor: Int?? = nil) { let f = floor ?? selectedFloor }`:
    /// the argument, even a nil `Int?`, arrives as `.some`, so the fallback read of `selectedFloor`
    /// never runs on that call. A call that leaves `floor:` out reads the old value and is reported,
    /// and so is the same helper with a single optional parameter (a nil argument falls back).
    func testAFallbackBehindADoublyOptionalParameterGivenAnArgumentIsNotRead() {
        func text(call: String, parameter: String = "Int?? = nil") -> String {
            """
            final class HousekeepingBoard: ObservableObject {
                @Published var selectedFloor: Int?
                @Published private(set) var columns: [Column] = []
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $selectedFloor
                        .sink { [weak self] floor in
                            \(call)
                        }
                        .store(in: &cancellables)
                }
                private func rebuildColumns(floor: \(parameter)) {
                    let shown = floor ?? selectedFloor
                    columns = Column.all(on: shown)
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.rebuildColumns(floor: floor)")), [])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.rebuildColumns()")), ["8:23"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.rebuildColumns(floor: floor)", parameter: "Int? = nil")), ["8:23"])
    }

    /// `perform(request("account")).decodeJSON(AccountInfo.self)`: the project's own operator
    /// (`decode(…).eraseToAnyPublisher()` in an extension of `Publisher`) keeps the request's work,
    /// so the account kept in a local and subscribed twice sends two requests. An operator of the
    /// project that shares its upstream makes one run for both.
    func testTheProjectsOwnOperatorKeepsTheRequestsWork() {
        func text(decodeBody: String) -> String {
            """
            extension Publisher where Output == Data {
                func decodeJSON<T: Decodable>(_ type: T.Type) -> AnyPublisher<T, Error> {
                    \(decodeBody)
                }
            }
            final class CloudClient {
                let session: URLSession
                init(session: URLSession) { self.session = session }
                private func perform(_ request: URLRequest) -> AnyPublisher<Data, Error> {
                    session.dataTaskPublisher(for: request).map(\\.data).mapError { $0 as Error }.eraseToAnyPublisher()
                }
                func fetchAccount() -> AnyPublisher<AccountInfo, Error> {
                    perform(URLRequest(url: .account)).decodeJSON(AccountInfo.self)
                }
            }
            final class PreferencesViewModel: ObservableObject {
                @Published var accountName: String?
                @Published var plan: String?
                let client: CloudClient
                init(client: CloudClient) { self.client = client }
                func loadAccount() {
                    let account = client.fetchAccount()
                    account.map { Optional($0.displayName) }.replaceError(with: nil).assign(to: &$accountName)
                    account.map { Optional($0.plan) }.replaceError(with: nil).assign(to: &$plan)
                }
            }
            """
        }
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(decodeBody: "decode(type: type, decoder: JSONDecoder()).eraseToAnyPublisher()")),
                       ["24:9"])
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(decodeBody: "decode(type: type, decoder: JSONDecoder()).share().eraseToAnyPublisher()")),
                       [])
    }

    /// A function that makes a local `PassthroughSubject`, sends into it from a background queue
    /// (`ioQueue.async { progress.send(…) }`) and returns it erased delivers off the main thread, also
    /// through the protocol it implements: a view controller's `sink` setting a progress indicator is
    /// reported. Sent from the main queue, it is not.
    func testALocalSubjectSentFromABackgroundQueueAndReturnedDeliversThere() {
        func store(queue: String) -> String {
            """
            protocol HistoryStoring: AnyObject {
                func importHistory(from url: URL) -> AnyPublisher<Double, Error>
            }
            final class HistoryStore: HistoryStoring {
                private let ioQueue = DispatchQueue(label: "io", qos: .utility)
                func importHistory(from url: URL) -> AnyPublisher<Double, Error> {
                    let progress = PassthroughSubject<Double, Error>()
                    \(queue).async {
                        progress.send(0.5)
                        progress.send(completion: .finished)
                    }
                    return progress.eraseToAnyPublisher()
                }
            }
            """
        }
        let controller = """
            final class HistoryViewController: NSViewController {
                let store: HistoryStoring
                let importProgress = NSProgressIndicator()
                var importCancellable: AnyCancellable?
                init(store: HistoryStoring) { self.store = store; super.init(nibName: nil, bundle: nil) }
                func importHistory(_ url: URL) {
                    importCancellable = store.importHistory(from: url)
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] fraction in
                            self?.importProgress.doubleValue = fraction * 100
                        })
                }
            }
            """
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, [(path: "Store.swift", text: store(queue: "ioQueue")), (path: "History.swift", text: controller)]),
                       ["History.swift:8:14"])
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, [(path: "Store.swift", text: store(queue: "DispatchQueue.main")), (path: "History.swift", text: controller)]),
                       [])
    }
}
