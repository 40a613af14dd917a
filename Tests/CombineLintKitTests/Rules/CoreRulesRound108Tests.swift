import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 108 (see the rule documents).
final class CoreRulesRound108Tests: XCTestCase {
    /// A run-once guard at the top of a method (`guard !isStarted else { return }`) makes the method's
    /// own statements run once, not the body of a `sink` it subscribes: that closure runs for every
    /// value, and an `assign(to: &$p)` in it adds one more subscription each time.
    func testARunOnceGuardOutsideASinkDoesNotGuardTheSinksBody() {
        let text = """
        final class Engine {
            private let progressSubject = CurrentValueSubject<[Int: Double], Never>([:])
            @Published var currentChapter: Int?
            func progress(for id: Int) -> AnyPublisher<Double, Never> {
                progressSubject.map { $0[id] ?? 0 }.removeDuplicates().eraseToAnyPublisher()
            }
        }
        final class NowPlayingModel: ObservableObject {
            @Published var chapterProgress = 0.0
            @Published var title = ""
            let engine = Engine()
            private var isStarted = false
            var cancellables = Set<AnyCancellable>()
            func start() {
                guard !isStarted else { return }
                isStarted = true
                engine.$currentChapter.map { "\\($0 ?? 0)" }.assign(to: &$title)
                engine.$currentChapter
                    .sink { [weak self] chapter in
                        guard let self, let chapter else { return }
                        self.engine.progress(for: chapter).assign(to: &self.$chapterProgress)
                    }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "Player.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["21:52"])
    }

    /// A method a base class declares, called on an object of a subclass that inherits it
    /// (`viewModel.reload()` with `let viewModel: ExhibitListModel`) from repeated code, runs as
    /// often as that code: an `assign(to: &$items)` in it piles up. A subclass that declares its own
    /// `reload()` runs that one instead.
    func testAnInheritedMethodCalledOnASubclassObjectFromRepeatedCodeIsRepeated() {
        let text = """
        class BaseListModel<Item>: ObservableObject {
            @Published var query = ""
            @Published var items: [Item] = []
            func fetch(_ query: String) -> AnyPublisher<[Item], Never> { Just([]).eraseToAnyPublisher() }
            func reload() {
                $query.removeDuplicates().map { [unowned self] in self.fetch($0) }.switchToLatest().assign(to: &$items)
            }
        }
        final class ExhibitListModel: BaseListModel<String> {}
        final class ExhibitListController: UIViewController {
            let viewModel = ExhibitListModel()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.reload()
            }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "Lists.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:93"])
        XCTAssertEqual(found.first?.message.hasPrefix("Each run of `ExhibitListController.viewWillAppear(_:) → BaseListModel.reload()`"), true)
    }
}
