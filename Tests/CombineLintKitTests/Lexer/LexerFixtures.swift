/// Realistic Swift snippets (Combine and UIKit code) the robustness tests lex and mutate.
/// Raw string literals, so that the snippets keep their own quotes, backslashes and `#`.
enum LexerFixtures {
    static let all = [viewController, viewModel, service, extensions, regexAndStrings]

    static let viewController = ##"""
    import UIKit
    import Combine

    /// Shows the user's profile and keeps it fresh.
    final class ProfileViewController: UIViewController {
        @IBOutlet private weak var nameLabel: UILabel!
        private let viewModel: ProfileViewModel
        private var cancellables = Set<AnyCancellable>()

        init(viewModel: ProfileViewModel) {
            self.viewModel = viewModel
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func viewDidLoad() {
            super.viewDidLoad()
            viewModel.$name
                .receive(on: DispatchQueue.main)
                .sink { [weak self] name in
                    self?.nameLabel.text = "Hello, \(name ?? "stranger")!"
                }
                .store(in: &cancellables)
            NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
                .sink { _ in self.viewModel.refresh() } // strong capture on purpose
                .store(in: &cancellables)
            button.addTarget(self, action: #selector(didTap(_:)), for: .touchUpInside)
        }

        @objc private func didTap(_ sender: UIButton) {
            let ratio = view.bounds.width / 2 / scale
            label.alpha = ratio > 0.5 ? 1.0 : 0x1p-2
        }
    }
    """##

    static let viewModel = ##"""
    import Combine
    import Foundation

    @MainActor
    final class ProfileViewModel: ObservableObject {
        @Published private(set) var name: String?
        @Published var items: [Item] = []
        private let service: ProfileService
        private var timer: AnyCancellable?

        init(service: ProfileService) {
            self.service = service
            timer = Timer.publish(every: 1.5, on: .main, in: .common)
                .autoconnect()
                .map { _ in Date() }
                .sink { [unowned self] date in self.tick(date) }
        }

        func refresh() {
            service.fetchProfile()
                .map(\.displayName)
                .replaceError(with: nil)
                .assign(to: &$name)
            let summary = "\(items.map { "\($0.title) (\($0.count))" }.joined(separator: ", "))"
            print(#"raw \(not) but \#(summary)"#, items.count / 2)
        }

        private func tick(_ date: Date) {
            items = items.filter { $0.expires > date && !$0.isHidden }
        }
    }
    """##

    static let service = ##"""
    import Combine
    import Foundation

    protocol ProfileService {
        func fetchProfile() -> AnyPublisher<Profile, Error>
    }

    struct LiveProfileService: ProfileService {
        let session: URLSession
        let baseURL = URL(string: "https://example.com/api/v1/")!

        func fetchProfile() -> AnyPublisher<Profile, Error> {
            let url = baseURL.appendingPathComponent("profile")
            return session.dataTaskPublisher(for: url)
                .tryMap { output -> Data in
                    guard let http = output.response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                        throw URLError(.badServerResponse)
                    }
                    return output.data
                }
                .decode(type: Profile.self, decoder: JSONDecoder())
                .retry(3)
                .eraseToAnyPublisher()
        }
    }

    #if DEBUG
    final class MockProfileService: ProfileService {
        var subject = PassthroughSubject<Profile, Error>()
        func fetchProfile() -> AnyPublisher<Profile, Error> { subject.eraseToAnyPublisher() }
    }
    #elseif os(macOS)
    typealias MockProfileService = LiveProfileService
    #endif
    """##

    static let extensions = ##"""
    extension Publisher where Failure == Never {
        /// Assigns without retaining `object`.
        func weakAssign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
            sink { [weak object] value in object?[keyPath: keyPath] = value }
        }
    }

    extension Array where Element: Hashable {
        var unique: [Element] { Array(Set(self)) }
        subscript(safe index: Int) -> Element? { indices ~= index ? self[index] : nil }
    }

    /* A block comment /* with a nested one */ and a `backtick` */
    let `default` = 1_000.5e-3, mask = 0b1010 & 0o17 | 0xFF
    let message = """
        Multi-line \(`default`)
        with "quotes" and \"""
        """
    """##

    static let regexAndStrings = ###"""
    let pattern = /[A-Z][a-z]+/
    let extended = #/
      (?<year> \d{4}) - (?<month> \d{2})
    /#
    let half = total / 2 / count
    let keyPaths = [\Profile.name, \.self]
    if let match = text.firstMatch(of: pattern), !match.isEmpty { print("\(match.0)") }
    let raw = ##"She said "\#(x)" and \##(y)"##
    """###
}
