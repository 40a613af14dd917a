/// Templates of realistic iOS code for the benchmark corpus. `NAME`, `FIELD`, `OTHER`, `TYPE`
/// and `NUM` are replaced with varied values per instance.
enum CorpusTemplates {
    static let all = [viewController, viewModel, service, extensions, model]

    static let viewController = #"""
    import UIKit
    import Combine

    /// Shows NAME details and keeps them current while on screen.
    final class NAMEViewController: UIViewController, UITableViewDataSource {
        @IBOutlet private weak var tableView: UITableView!
        @IBOutlet private weak var FIELDLabel: UILabel!
        private let viewModel: NAMEViewModel
        private var cancellables = Set<AnyCancellable>()
        private var FIELDSubscription: AnyCancellable?

        init(viewModel: NAMEViewModel) {
            self.viewModel = viewModel
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            title = NSLocalizedString("NAME.title", comment: "")
            tableView.dataSource = self
            viewModel.$FIELD
                .receive(on: DispatchQueue.main)
                .sink { [weak self] value in
                    self?.FIELDLabel.text = "NAME: \(value ?? "none") (\(NUM))"
                    self?.tableView.reloadData()
                }
                .store(in: &cancellables)
            viewModel.$items
                .map { $0.count }
                .removeDuplicates()
                .sink { [weak self] count in self?.navigationItem.prompt = "\(count) items" }
                .store(in: &cancellables)
            FIELDSubscription = NotificationCenter.default
                .publisher(for: UIApplication.willEnterForegroundNotification)
                .debounce(for: .milliseconds(NUM), scheduler: RunLoop.main)
                .sink { [unowned self] _ in self.viewModel.reload() }
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            let inset = view.safeAreaInsets.top / 2 + CGFloat(NUM) * 0.5
            tableView.contentInset = UIEdgeInsets(top: inset, left: 0, bottom: 0, right: 0)
        }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            viewModel.items.count
        }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "NAMECell", for: indexPath)
            let item = viewModel.items[indexPath.row]
            cell.textLabel?.text = item.title
            cell.detailTextLabel?.text = item.subtitle.isEmpty ? "—" : item.subtitle
            cell.accessoryType = item.isSelected ? .checkmark : .none
            return cell
        }

        @objc private func didTapRefresh(_ sender: UIBarButtonItem) {
            viewModel.reload()
        }
    }

    """#

    static let viewModel = #"""
    import Foundation
    import Combine

    @MainActor
    final class NAMEViewModel: ObservableObject {
        @Published private(set) var FIELD: String?
        @Published private(set) var items: [OTHERItem] = []
        @Published var isLoading = false
        @Published var errorMessage: String?
        private let service: NAMEServicing
        private var cancellables = Set<AnyCancellable>()
        private let refreshSubject = PassthroughSubject<Void, Never>()

        init(service: NAMEServicing) {
            self.service = service
            refreshSubject
                .throttle(for: .seconds(NUM), scheduler: DispatchQueue.main, latest: true)
                .handleEvents(receiveOutput: { [weak self] in self?.isLoading = true })
                .flatMap { [service] _ in
                    service.fetchTYPEs()
                        .map(Optional.some)
                        .catch { error -> Just<[OTHERItem]?> in
                            print("NAME failed: \(error.localizedDescription)")
                            return Just(nil)
                        }
                }
                .receive(on: DispatchQueue.main)
                .sink { [weak self] result in
                    guard let self = self else { return }
                    self.isLoading = false
                    if let result = result {
                        self.items = result.filter { !$0.title.isEmpty && $0.rank >= NUM }
                        self.FIELD = result.first?.title
                    } else {
                        self.errorMessage = "Could not load NAME"
                    }
                }
                .store(in: &cancellables)
        }

        func reload() {
            refreshSubject.send(())
        }

        var summary: String {
            let ranks = items.map(\.rank).reduce(0, +)
            return "\(items.count) items, average rank \(items.isEmpty ? 0 : ranks / items.count)"
        }
    }

    """#

    static let service = #"""
    import Foundation
    import Combine

    protocol NAMEServicing {
        func fetchTYPEs() -> AnyPublisher<[OTHERItem], Error>
        func update(_ item: OTHERItem) -> AnyPublisher<Void, Error>
    }

    struct NAMEService: NAMEServicing {
        let session: URLSession
        let baseURL: URL
        private let decoder: JSONDecoder = {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        }()

        func fetchTYPEs() -> AnyPublisher<[OTHERItem], Error> {
            let url = baseURL.appendingPathComponent("FIELD/NUM")
            return session.dataTaskPublisher(for: url)
                .tryMap { output -> Data in
                    guard let http = output.response as? HTTPURLResponse,
                          (200..<300).contains(http.statusCode) else {
                        throw URLError(.badServerResponse)
                    }
                    return output.data
                }
                .decode(type: [OTHERItem].self, decoder: decoder)
                .retry(2)
                .timeout(.seconds(NUM), scheduler: DispatchQueue.global())
                .eraseToAnyPublisher()
        }

        func update(_ item: OTHERItem) -> AnyPublisher<Void, Error> {
            var request = URLRequest(url: baseURL.appendingPathComponent("FIELD/\(item.id)"))
            request.httpMethod = "PUT"
            request.httpBody = try? JSONEncoder().encode(item)
            return session.dataTaskPublisher(for: request)
                .map { _ in () }
                .mapError { $0 as Error }
                .eraseToAnyPublisher()
        }
    }

    #if DEBUG
    final class MockNAMEService: NAMEServicing {
        let subject = CurrentValueSubject<[OTHERItem], Error>([])
        func fetchTYPEs() -> AnyPublisher<[OTHERItem], Error> { subject.eraseToAnyPublisher() }
        func update(_ item: OTHERItem) -> AnyPublisher<Void, Error> {
            Just(()).setFailureType(to: Error.self).eraseToAnyPublisher()
        }
    }
    #endif

    """#

    static let extensions = #"""
    extension Publisher where Failure == Never {
        /// Assigns to `keyPath` on `object` without retaining it (NAME helper NUM).
        func assignWeakNAME<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>,
                                             on object: Root) -> AnyCancellable {
            sink { [weak object] value in
                object?[keyPath: keyPath] = value
            }
        }
    }

    extension Array where Element == OTHERItem {
        /* Sorted by rank, then /* stable */ by title. */
        func sortedForNAME() -> [OTHERItem] {
            sorted { lhs, rhs in
                lhs.rank != rhs.rank ? lhs.rank > rhs.rank : lhs.title < rhs.title
            }
        }

        var FIELDTotal: Int { reduce(0) { $0 + $1.rank * NUM } }
    }

    extension String {
        var isValidFIELD: Bool {
            let pattern = #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#
            return range(of: pattern, options: .regularExpression) != nil && count <= 0xFF
        }
    }

    """#

    static let model = #"""
    /// One entry of NAME.
    struct OTHERItem: Codable, Hashable, Identifiable {
        let id: UUID
        var title: String
        var subtitle: String
        var rank: Int
        var isSelected: Bool
        var ratio: Double = 0.NUM
        var tags: [String: [Int]] = [:]

        enum CodingKeys: String, CodingKey {
            case id, title, subtitle, rank
            case isSelected = "is_selected"
            case ratio, tags
        }

        static func == (lhs: OTHERItem, rhs: OTHERItem) -> Bool {
            lhs.id == rhs.id && lhs.rank == rhs.rank
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
        }

        var displayRank: String {
            switch rank {
            case ..<0: return "invalid"
            case 0...NUM: return "low (\(rank))"
            default: return String(format: "%.2f", Double(rank) / 1e3)
            }
        }
    }

    """#
}
