import XCTest
@testable import CombineLintKit

/// Idioms found by the round-8 probes (coordinators with child coordinators, tab bar and page view
/// controllers, free and static helpers that return a subscription's token).
final class CoreRulesRound8Tests: XCTestCase {
    // MARK: repeated_subscription: container navigation repeats like a row's selection

    /// A tab tap and a page turn run again and again: a store there from a source that never finishes
    /// piles up; a request (which finishes) or a store into a bag emptied first does not.
    func testTabSelectionAndPageTurnsRepeat() {
        let text = """
        final class Tabs: UITabBarController, UITabBarControllerDelegate {
            private var cancellables = Set<AnyCancellable>()
            let model = Model()
            func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
                model.$count.sink { [weak self] in self?.title = "\\($0)" }.store(in: &cancellables)
                URLSession.shared.dataTaskPublisher(for: url).sink { _ in } receiveValue: { _ in }.store(in: &cancellables)
            }
        }
        final class Pages: UIPageViewController, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
            private var cancellables = Set<AnyCancellable>()
            private var turnBag = Set<AnyCancellable>()
            let progress = Progress()
            func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
                let next = Page()
                progress.$step.sink { [weak next] in next?.show($0) }.store(in: &cancellables)
                return next
            }
            func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
                turnBag.removeAll()
                progress.$step.sink { [weak self] in self?.title = "\\($0)" }.store(in: &turnBag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["5:68", "15:63"])
    }

    // MARK: strong_self_capture: a local object that self also holds

    /// `child = detail` (or `self.player = player`) makes the local's bag one that `self` keeps:
    /// self → child → bag → closure → self. A local that is not put into a property, a weak
    /// capture, or a property declared `weak` is no cycle.
    func testLocalHeldByAStrongPropertyKeepsTheCycle() {
        let text = """
        final class ConflictCoordinator {
            private var child: DetailCoordinator?
            private weak var weakChild: DetailCoordinator?
            func present() {
                let detail = DetailCoordinator()
                child = detail
                detail.decisions.sink { keep in self.resolve(keep) }.store(in: &detail.cancellables)
            }
            func presentOther() {
                let child = DetailCoordinator()
                self.child = child
                child.decisions.sink { keep in self.resolve(keep) }.store(in: &child.cancellables)
                child.decisions.sink { [weak self] keep in self?.resolve(keep) }.store(in: &child.cancellables)
            }
            func presentLoose() {
                let loose = DetailCoordinator()
                weakChild = loose
                loose.decisions.sink { keep in self.resolve(keep) }.store(in: &loose.cancellables)
                let temp = DetailCoordinator()
                temp.decisions.sink { keep in self.resolve(keep) }.store(in: &temp.cancellables)
            }
            func resolve(_ keep: Bool) {}
        }
        final class DetailCoordinator {
            let decisions = PassthroughSubject<Bool, Never>()
            var cancellables = Set<AnyCancellable>()
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["7:41", "12:40"])
    }

    // MARK: discarded_cancellable: helpers' tokens and constant synchronous publishers

    /// A free function that returns a fresh subscription's token, called as a statement from a method
    /// of some type, drops the token; so does binding a helper's token to a local never used again.
    /// A member of the same name on another type is not that function.
    func testFreeHelperAndUnusedLocalOfAHelper() {
        let text = """
        @discardableResult
        func observeDisruptions(_ feed: Feed) -> AnyCancellable {
            feed.disruptions.sink { print($0) }
        }
        enum Diagnostics {
            static var token: AnyCancellable?
            static func start(_ feed: Feed, other: Other) {
                token = observeDisruptions(feed)
                observeDisruptions(feed)
                let fix = observeDisruptions(feed)
                let kept = observeDisruptions(feed)
                token = kept
                other.observeDisruptions(feed)
            }
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), ["9:9", "10:19"])
    }

    /// `let numbers = [1, 2, 3].publisher` is that publisher: it delivers and finishes during `sink`.
    /// A `var`, or a local bound to a subject, is not.
    func testConstantLocalOfASynchronousPublisher() {
        let text = """
        func sample() {
            let numbers = [1, 2, 3].publisher
            _ = numbers.map { $0 * 2 }.sink { print($0) }
            let subject = PassthroughSubject<Int, Never>()
            _ = subject.sink { print($0) }
            let pairs = Publishers.Zip([1, 2].publisher, ["a", "b"].publisher)
            _ = pairs.sink { print($0, $1) }
            _ = Publishers.Zip([1, 2].publisher, subject).sink { print($0, $1) }
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), ["5:17", "8:51"])
    }

    // MARK: strong_self_capture: a zip of two local requests finishes

    /// `upload.zip(download)` with both locals bound to requests finishes (the cycle ends with it);
    /// with a local bound to a subject it does not.
    func testZipOfLocalRequestsFinishes() {
        let text = """
        final class SyncEngine {
            private var token: AnyCancellable?
            private let trigger = PassthroughSubject<Void, Never>()
            func sync() {
                let upload = URLSession.shared.dataTaskPublisher(for: url).map(\\.data)
                let download = URLSession.shared.dataTaskPublisher(for: url).map(\\.data)
                token = upload.zip(download).sink(receiveCompletion: { _ in }, receiveValue: { _ in self.done() })
                let ticks = trigger
                token = upload.zip(ticks).sink(receiveCompletion: { _ in }, receiveValue: { _ in self.done() })
            }
            func done() {}
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["9:90"])
    }

    // MARK: store_in_appearance: a cell bound by `guard let … as?`

    /// `guard let cell = cell as? CardCell, let id = … else { return }` names the cell's type: its own
    /// `prepareForReuse` decides, not another cell's that empties a bag of the same name.
    func testCellTypeOfAGuardLetCast() {
        let text = """
        final class CardCell: UICollectionViewCell {
            var bag = Set<AnyCancellable>()
        }
        final class TagCell: UICollectionViewCell {
            var bag = Set<AnyCancellable>()
            override func prepareForReuse() { super.prepareForReuse(); bag = [] }
        }
        final class Browser: UIViewController, UICollectionViewDelegate {
            let model = Model()
            func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                guard let cell = cell as? CardCell, let id = model.id(indexPath) else { return }
                model.$x.sink { [weak cell] _ in cell?.tag = id }.store(in: &cell.bag)
                if let tags = cell as? TagCell {
                    model.$x.sink { [weak tags] _ in tags?.tag = 0 }.store(in: &tags.bag)
                }
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["12:59"])
    }
}
