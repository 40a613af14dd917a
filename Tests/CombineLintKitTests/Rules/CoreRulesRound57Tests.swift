import XCTest
@testable import CombineLintKit

/// Idioms found by the round-57 and round-58 probes (a contractor marketplace, a map editor for
/// macOS and iPad, a children's library app, a neighbourhood-safety app).
final class CoreRulesRound57Tests: XCTestCase {

    /// `scrollViewDidEndZooming(_:with:atScale:)` runs after every pinch: a helper it calls that
    /// stores a never-finishing subscription adds one per pinch.
    func testTheEndOfEachZoomRunsAgainAndAgain() {
        let text = """
        final class SitePlanViewController: UIViewController, UIScrollViewDelegate {
            let projects = PassthroughSubject<[String], Never>()
            private var bag = Set<AnyCancellable>()
            var names: [String] = []
            func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
                watchSelection()
            }
            private func watchSelection() {
                projects.sink { [weak self] in self?.names = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["9:59"])
    }

    /// `NSToolbarDelegate`'s item factory runs for each insertion of the item, again on every
    /// customization and for the palette: a binding it stores into one bag piles up.
    func testAToolbarItemFactoryRunsForEveryInsertion() {
        let text = """
        final class MapToolbarController: NSObject, NSToolbarDelegate {
            let events = PassthroughSubject<String, Never>()
            private var itemBindings = Set<AnyCancellable>()
            func toolbar(_ toolbar: NSToolbar, itemForItemIdentifier itemIdentifier: NSToolbarItem.Identifier,
                         willBeInsertedIntoToolbar flag: Bool) -> NSToolbarItem? {
                let item = NSToolbarItem(itemIdentifier: itemIdentifier)
                let label = NSTextField(labelWithString: "")
                bindLoadingStatus(to: label)
                item.view = label
                return item
            }
            private func bindLoadingStatus(to label: NSTextField) {
                events.sink { label.stringValue = $0 }.store(in: &itemBindings)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["13:48"])
    }

    /// `let detail = DetailViewController()` made once in `start()`, then `$selected.sink { [weak
    /// detail] in detail?.watchRating(of: $0) }`: one object whose method runs per selection, so
    /// its bag grows. Made inside the closure, each value gets a new object, and nothing piles up.
    func testAnObjectMadeOutsideARepeatingClosureIsOneObject() {
        let text = """
        final class ListModel { @Published var selected = "" }
        final class DetailViewController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            let ratings = PassthroughSubject<Double, Never>()
            let label = UILabel()
            func watchRating(of id: String) {
                ratings.map { "\\($0)" }.sink { [weak self] in self?.label.text = $0 }.store(in: &cancellables)
            }
        }
        final class SplitCoordinator {
            private var cancellables = Set<AnyCancellable>()
            let listModel = ListModel()
            func start() {
                let detail = DetailViewController()
                listModel.$selected
                    .sink { [weak detail] id in detail?.watchRating(of: id) }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["7:79"])
        let madeInside = text.replacingOccurrences(of: "        let detail = DetailViewController()\n", with: "")
            .replacingOccurrences(of: ".sink { [weak detail] id in detail?.watchRating(of: id) }",
                                  with: ".sink { id in let detail = DetailViewController(); detail.watchRating(of: id) }")
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, madeInside), [])
    }

    /// `if case .failure(let error) = completion { self.error = error }` (round 58): the bare `error`
    /// is the case pattern's binding, not a read of the property, so the `@Published var error`
    /// whose only subscriber skips `nil` to show an alert stays an event. A real read of the
    /// property in the type (`let shown = error`) makes it state.
    func testACasePatternBindingIsNoReadOfTheSameNamedProperty() {
        let text = """
        final class FeedViewModel: ObservableObject {
            @Published var error: Error?
            private var bag = Set<AnyCancellable>()
            func refresh(_ request: AnyPublisher<Int, Error>) {
                request.sink(receiveCompletion: { completion in
                    if case .failure(let error) = completion { self.error = error }
                }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        final class FeedViewController: UIViewController {
            let viewModel = FeedViewModel()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.$error.compactMap { $0 }.sink { [weak self] in self?.show($0) }.store(in: &bag)
            }
            func show(_ error: Error) {}
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:20"])
        let switched = text.replacingOccurrences(of: "if case .failure(let error) = completion { self.error = error }",
                                                 with: "switch completion { case .failure(let error): self.error = error; case .finished: break }")
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, switched), ["2:20"])
        let read = text.replacingOccurrences(of: "receiveValue: { _ in }", with: "receiveValue: { _ in let shown = error; print(shown as Any) }")
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, read), [])
    }

    /// A sheet's detent change (`UISheetPresentationControllerDelegate`) runs on each drag of the
    /// sheet: a helper it calls that stores a never-finishing subscription adds one per drag.
    func testASheetDetentChangeRunsOnEachDrag() {
        let text = """
        final class FilterPanel: UIViewController, UISheetPresentationControllerDelegate {
            @Published var incidents: [String] = []
            private var detentObservers = Set<AnyCancellable>()
            var count = 0
            func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
                observeLargeDetent()
            }
            private func observeLargeDetent() {
                $incidents.sink { [weak self] in self?.count = $0.count }.store(in: &detentObservers)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["9:67"])
    }

    /// `tokens.append(zoneService.$currentZone.onMain { … })` (round 59), where `onMain` is a
    /// publisher extension returning the `AnyCancellable` of the `sink` it makes, in a `bind()` that a
    /// property's `didSet` runs on each appearance: the array keeps one more live subscription each time.
    func testAHelpersReturnedSubscriptionAppendedOnEachAppearancePilesUp() {
        let text = """
        extension Publisher where Failure == Never {
            func onMain(_ handler: @escaping (Output) -> Void) -> AnyCancellable {
                receive(on: DispatchQueue.main).sink(receiveValue: handler)
            }
        }
        final class ZoneService { @Published var currentZone = "" }
        final class ZoneHeaderView: UIView {
            private let label = UILabel()
            private var tokens: [AnyCancellable] = []
            var zoneService: ZoneService? { didSet { bind() } }
            private func bind() {
                guard let zoneService else { return }
                tokens.append(zoneService.$currentZone.onMain { [weak self] in self?.label.text = $0 })
            }
        }
        final class JobsListViewController: UIViewController {
            let header = ZoneHeaderView()
            let zones = ZoneService()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                header.zoneService = zones
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["13:16"])
    }
}
