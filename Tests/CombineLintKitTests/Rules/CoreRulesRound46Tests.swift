import XCTest
@testable import CombineLintKit

/// Idioms found by the round-46 probes of the core rules (a car-rental app, an email client, a
/// live-auction app).
final class CoreRulesRound46Tests: XCTestCase {

    private let service = (path: "LotService.swift", text: """
    protocol LotServicing {
        func liveLot(id: String) -> AnyPublisher<Int, Never>
    }
    final class AuctionSocket {
        private let updates = PassthroughSubject<(String, Int), Never>()
        func lotUpdates(for id: String) -> AnyPublisher<Int, Never> {
            updates.filter { $0.0 == id }.map(\\.1).eraseToAnyPublisher()
        }
    }
    final class LotService: LotServicing {
        private let socket = AuctionSocket()
        func fetchLot(id: String) -> AnyPublisher<Int, Error> {
            URLSession.shared.dataTaskPublisher(for: URL(string: id)!).map { _ in 1 }.mapError { $0 as Error }.eraseToAnyPublisher()
        }
        func liveLot(id: String) -> AnyPublisher<Int, Never> {
            let snapshot = fetchLot(id: id).replaceError(with: 0)
            return snapshot
                .merge(with: socket.lotUpdates(for: id))
                .receive(on: DispatchQueue.main)
                .eraseToAnyPublisher()
        }
    }
    """)

    /// A protocol's method whose app implementation merges a request with a socket's endless stream
    /// never finishes (a merge lives as long as its longest input): a strong `self` in its sink,
    /// stored by `self`, is a cycle. An implementation that merges two requests decides nothing.
    func testProtocolMethodMergingAnEndlessInputNeverFinishes() {
        let model = (path: "WatchlistViewModel.swift", text: """
        final class WatchlistViewModel {
            private let lotService: LotServicing
            private var cancellables = Set<AnyCancellable>()
            var value = 0
            init(lotService: LotServicing) { self.lotService = lotService }
            func start() {
                lotService.liveLot(id: "a")
                    .sink { lot in self.value = lot }
                    .store(in: &cancellables)
            }
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [service, model]), ["WatchlistViewModel.swift:8:28"])
        let requests = (path: service.path, text: service.text.replacingOccurrences(of: ".merge(with: socket.lotUpdates(for: id))",
                                                                                    with: ".merge(with: fetchLot(id: id).replaceError(with: 1))"))
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [requests, model]), [])
    }

    /// `guard !observedIDs.contains(id) else { return }` then `observedIDs.insert(id)`: the method
    /// subscribes once per id, however often a row is tapped. Without the record it piles up.
    func testASetOfObservedKeysGuardsOnePerKey() {
        let model = (path: "WatchlistViewController.swift", text: """
        final class WatchlistViewController: UIViewController, UITableViewDelegate {
            private let lotService = LotService()
            private var observedIDs = Set<String>()
            private var detailBag = Set<AnyCancellable>()
            func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                track("\\(indexPath.row)")
            }
            private func track(_ id: String) {
                guard !observedIDs.contains(id) else { return }
                observedIDs.insert(id)
                lotService.liveLot(id: id)
                    .sink { [weak self] value in self?.show(value) }
                    .store(in: &detailBag)
            }
            func show(_ value: Int) {}
        }
        """)
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [service, model]), [])
        let unguarded = (path: model.path, text: model.text.replacingOccurrences(of: "guard !observedIDs.contains(id) else { return }\n", with: "")
            .replacingOccurrences(of: "observedIDs.insert(id)\n", with: ""))
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [service, unguarded]), ["WatchlistViewController.swift:11:14"])
    }

    /// A constant publisher set in `init` from another one set there (`stations =
    /// shared.eraseToAnyPublisher()`, `shared = Timer.publish(…)…makeConnectable()`) never finishes,
    /// nor does a method handing it on (`freePlugs(near:)`): a KVO sink calling a helper that
    /// subscribes to it piles up one subscription per region change.
    func testAConstantSetInInitFromATimerNeverFinishes() {
        let file = (path: "FleetMapViewController.swift", text: """
        final class ChargingStationsService {
            let stations: AnyPublisher<[Int], Never>
            private let shared: Publishers.MakeConnectable<AnyPublisher<[Int], Never>>
            init() {
                shared = Timer.publish(every: 60, on: .main, in: .common)
                    .autoconnect()
                    .map { _ in [1] }
                    .eraseToAnyPublisher()
                    .makeConnectable()
                stations = shared.eraseToAnyPublisher()
            }
            func freePlugs(near c: Int) -> AnyPublisher<Int, Never> {
                stations
                    .map { $0.count }
                    .removeDuplicates()
                    .eraseToAnyPublisher()
            }
        }

        final class FleetMapViewController: UIViewController {
            private let mapView = MKMapView()
            private let chargers = ChargingStationsService()
            private var cancellables = Set<AnyCancellable>()
            private var regionBag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                mapView.publisher(for: \\.region)
                    .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
                    .sink { [weak self] region in self?.reloadChargers(around: 1) }
                    .store(in: &cancellables)
            }
            private func reloadChargers(around center: Int) {
                chargers.freePlugs(near: center)
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] plugs in self?.title = "\\(plugs) free chargers" }
                    .store(in: &regionBag)
            }
        }
        """)
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [file]), ["FleetMapViewController.swift:36:14"])
    }
}
