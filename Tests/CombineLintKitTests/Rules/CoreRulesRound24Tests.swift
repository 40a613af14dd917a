import XCTest
@testable import CombineLintKit

/// Idioms found by the round-24 probes of the core rules (a ride-hailing app, a news reader).
final class CoreRulesRound24Tests: XCTestCase {
    /// A request reached from a pull to refresh or from a notification's sink answers and ends, as
    /// one reached from an appearance does: no live subscription is left per run. The request is
    /// made by a protocol-typed dependency's method whose only implementation is a URL request. A
    /// `$property` subscribed from the same pull is reported.
    func testRequestsFromAPullOrANotificationAreNotRepeatedSubscriptions() {
        let api = """
        protocol OrdersAPI {
            func send(_ path: String) -> AnyPublisher<[Order], Error>
        }
        final class LiveOrdersAPI: OrdersAPI {
            func send(_ path: String) -> AnyPublisher<[Order], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: path)!)
                    .map(\\.data)
                    .decode(type: [Order].self, decoder: JSONDecoder())
                    .eraseToAnyPublisher()
            }
        }
        final class ChatSocket {
            let frames = PassthroughSubject<String, Never>()
            func send(_ text: String) { frames.send(text) }
        }
        """
        let screen = """
        final class OrdersViewController: UITableViewController {
            private let api: OrdersAPI
            private let store = OrdersStore()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                refreshControl?.addTarget(self, action: #selector(pullToRefresh), for: .valueChanged)
                NotificationCenter.default.publisher(for: .ordersDidChange)
                    .sink { [weak self] _ in self?.reload() }
                    .store(in: &cancellables)
            }
            @objc private func pullToRefresh() {
                reload()
                follow()
            }
            private func reload() {
                api.send("orders")
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.show($0) })
                    .store(in: &cancellables)
            }
            private func follow() {
                store.$orders
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &cancellables)
            }
        }
        """
        let files = [(path: "OrdersAPI.swift", text: api), (path: "OrdersViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["OrdersViewController.swift:25:14"])
    }
}
