import XCTest
@testable import CombineLintKit

/// A bag class in the RxSwift style (`.disposed(by: bag)`) keeps its subscriptions as
/// `.store(in: &cancellables)` does (issue #13 probes, round 3).
final class StrongSelfCaptureBagWrapperTests: XCTestCase {
    /// The controller keeps `bag`, the bag keeps the subscription, its closure keeps the controller.
    func testStrongSelfInASubscriptionDisposedByABagOfSelf() {
        let text = """
        final class DisposeBag {
            var cancellables = Set<AnyCancellable>()
            func insert(_ c: AnyCancellable) { cancellables.insert(c) }
        }
        extension AnyCancellable {
            func disposed(by bag: DisposeBag) { bag.insert(self) }
        }
        final class DetailViewController: UIViewController {
            private let viewModel = DetailViewModel()
            private let bag = DisposeBag()
            private let nameLabel = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.$name
                    .sink { name in self.nameLabel.text = name }
                    .disposed(by: bag)
                viewModel.$name
                    .sink { [weak self] in self?.title = $0 }
                    .disposed(by: bag)
            }
        }
        final class DetailViewModel { @Published var name = "" }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["15:29"])
        XCTAssertEqual(found.first?.message, "This closure holds `self` strongly, and `self` keeps its subscription in `bag`: a retain cycle.")
    }

    /// A base class's `bind(_:to:)` subscribes the closure it is given and keeps it in `cancellables`;
    /// a publisher extension's `bind(to:_:)` keeps it in the bag passed to it; `driveUI(_:)` returns
    /// the `AnyCancellable`, which the caller stores. A closure with strong `self` handed to any of
    /// them, with a bag (or property) of `self` keeping it, is in a cycle; one given a fresh bag, or
    /// capturing `[weak self]`, is not.
    func testClosuresHandedToSubscribingHelpers() {
        let text = """
        final class Feed { @Published var title = "" }
        class BaseViewController: UIViewController {
            var cancellables = Set<AnyCancellable>()
            func bind<T>(_ publisher: AnyPublisher<T, Never>, to handler: @escaping (T) -> Void) {
                publisher.receive(on: DispatchQueue.main).sink(receiveValue: handler).store(in: &cancellables)
            }
        }
        final class TitleViewController: BaseViewController {
            private let feed = Feed()
            private let label = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                bind(feed.$title.eraseToAnyPublisher()) { self.label.text = $0 }
                bind(feed.$title.eraseToAnyPublisher()) { [weak self] in self?.title = $0 }
                feed.$title.bind(to: bag) { text in self.navigationItem.prompt = text }
                feed.$title.bind(to: DisposeBag()) { text in self.navigationItem.title = text }
            }
            private let bag = DisposeBag()
        }
        final class DisposeBag {
            var cancellables = Set<AnyCancellable>()
        }
        extension Publisher where Failure == Never {
            func bind(to bag: DisposeBag, _ receive: @escaping (Output) -> Void) {
                receive(on: DispatchQueue.main).sink(receiveValue: receive).store(in: &bag.cancellables)
            }
        }
        extension Publisher where Failure == Never {
            func driveUI(_ closure: @escaping (Output) -> Void) -> AnyCancellable {
                receive(on: DispatchQueue.main).sink(receiveValue: closure)
            }
        }
        final class CounterViewController: UIViewController {
            private let feed = Feed()
            private var cancellables = Set<AnyCancellable>()
            private var token: AnyCancellable?
            override func viewDidLoad() {
                super.viewDidLoad()
                feed.$title.driveUI { self.title = $0 }.store(in: &cancellables)
                token = feed.$title.driveUI { text in self.navigationItem.prompt = text }
                feed.$title.driveUI { [weak self] in self?.view.tag = $0.count }.store(in: &cancellables)
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["13:51", "15:45", "39:31", "40:47"])
        XCTAssertEqual(found[1].message, "This closure holds `self` strongly, and `self` keeps its subscription in `bag`: a retain cycle.")
    }

    /// A static (or global) helper that subscribes the closure it is given and returns the token:
    /// the caller that stores the token keeps the closure. A static helper keeping the token in a
    /// static bag of its own leaves no cycle through the caller.
    func testClosuresHandedToStaticAndGlobalHelpers() {
        let text = """
        enum Subscriptions {
            static var kept = Set<AnyCancellable>()
            static func every(_ seconds: TimeInterval, _ block: @escaping () -> Void) -> AnyCancellable {
                Timer.publish(every: seconds, on: .main, in: .common).autoconnect().sink { _ in block() }
            }
            static func forever(_ seconds: TimeInterval, _ block: @escaping () -> Void) {
                Timer.publish(every: seconds, on: .main, in: .common).autoconnect().sink { _ in block() }.store(in: &kept)
            }
        }
        func observe(_ name: Notification.Name, _ handler: @escaping (Notification) -> Void) -> AnyCancellable {
            NotificationCenter.default.publisher(for: name).sink(receiveValue: handler)
        }
        final class SearchIndex {
            private var statsToken: AnyCancellable?
            private var tokens = Set<AnyCancellable>()
            init() {
                statsToken = Subscriptions.every(30) { self.logStats() }
                observe(.changed) { _ in self.logStats() }.store(in: &tokens)
                Subscriptions.forever(30) { self.logStats() }
                statsToken = Subscriptions.every(30) { [weak self] in self?.logStats() }
            }
            func logStats() {}
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["17:48", "18:34"])
    }

    /// A method of `self` passed by name to a helper of another object that returns the token
    /// (`unlockToken = viewModel.observeUnlock(handleUnlock)`): the method reference holds `self`.
    /// A token returned by the type's own method and stored in the bag of an object a strong stored
    /// property holds (`observeRefreshes().store(in: &holder.bag)`) keeps the cycle too.
    func testMethodReferenceHandedToAHelperAndTokenStoredInAnOwnedBag() {
        let text = """
        final class UnlockModel {
            @Published var isUnlocked = false
            func observeUnlock(_ handler: @escaping (Bool) -> Void) -> AnyCancellable {
                $isUnlocked.removeDuplicates().sink(receiveValue: handler)
            }
        }
        final class Holder { var bag = Set<AnyCancellable>() }
        final class CredentialProvider: NSObject {
            private let viewModel = UnlockModel()
            private let holder = Holder()
            private var unlockToken: AnyCancellable?
            private var lastRefresh = Date()
            func start() {
                unlockToken = viewModel.observeUnlock(handleUnlock)
                observeRefreshes().store(in: &holder.bag)
            }
            func observeRefreshes() -> AnyCancellable {
                Timer.publish(every: 120, on: .main, in: .common).autoconnect().sink { date in self.lastRefresh = date }
            }
            private func handleUnlock(_ unlocked: Bool) {}
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:47", "18:88"])
        XCTAssertEqual(found.map(\.message), [
            "Passing the method `handleUnlock` holds `self` strongly, and `self` keeps its subscription in `unlockToken`: a retain cycle.",
            "This closure holds `self` strongly, and `self` keeps its subscription in `holder.bag`: a retain cycle.",
        ])
    }
}
