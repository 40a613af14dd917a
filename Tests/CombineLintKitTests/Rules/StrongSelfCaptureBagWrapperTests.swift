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
}
