import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 107 (see the rule documents).
final class CoreRulesRound107Tests: XCTestCase {
    /// A projection returned by a `flatMap` closure (`Just(model).flatMap { $0.$garageToOpen }`, or
    /// the `map` before `switchToLatest`) hands its values on to the outer chain: a sink there that
    /// acts on `nil` (hides a bar) reads it as a state, so the optional is no fake initial value.
    /// Where the outer chain only skips `nil`, the property is still reported.
    func testAProjectionFlattenedIntoAnOuterChainIsReadThere() {
        func text(consumer: String) -> String {
            """
            struct Garage { let name: String }
            final class GarageListModel: ObservableObject {
                @Published var garageToOpen: Garage? = nil
                func select(_ garage: Garage) { garageToOpen = garage }
            }
            final class GarageListController: UIViewController {
                let model = GarageListModel()
                let previewBar = UIView()
                var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    \(consumer)
                    model.$garageToOpen.compactMap { $0 }.sink { [weak self] in self?.title = $0.name }.store(in: &cancellables)
                }
            }
            """
        }
        let state = "Just(model).flatMap { $0.$garageToOpen }.sink { [weak self] garage in self?.previewBar.isHidden = garage == nil }.store(in: &cancellables)"
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Garages.swift", text: text(consumer: state))]).count, 0)
        let switched = "Just(model).map { $0.$garageToOpen }.switchToLatest().sink { [weak self] garage in self?.previewBar.isHidden = garage == nil }.store(in: &cancellables)"
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Garages.swift", text: text(consumer: switched))]).count, 0)
        let skipping = "Just(model).flatMap { $0.$garageToOpen }.compactMap { $0 }.sink { [weak self] in self?.title = $0.name }.store(in: &cancellables)"
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Garages.swift", text: text(consumer: skipping))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:20"])
    }

    /// An override that a generic base class's `viewWillAppear` calls (`startObserving()`) runs on
    /// every appearance: an `assign(to: &header.$text)` there adds one more subscription each time.
    /// The same assignment in a method that only `viewDidLoad` calls runs once.
    func testAnAssignInAHookTheBaseClassCallsOnAppearanceIsRepeated() {
        let text = """
        class BaseViewController<Model: AnyObject>: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                startObserving()
            }
            func startObserving() {}
        }
        final class HeaderModel: ObservableObject { @Published var text = "" }
        final class ListModel: ObservableObject { @Published var summary = "" }
        final class ListController: BaseViewController<ListModel> {
            let model = ListModel()
            let header = HeaderModel()
            override func startObserving() {
                model.$summary.map { $0.uppercased() }.assign(to: &header.$text)
            }
        }
        final class DetailController: BaseViewController<ListModel> {
            let model = ListModel()
            let header = HeaderModel()
            override func viewDidLoad() {
                super.viewDidLoad()
                bind()
            }
            func bind() { model.$summary.assign(to: &header.$text) }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "Screens.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:48"])
        XCTAssertEqual(found.first?.message,
                       "Each run of `BaseViewController.viewWillAppear(_:)` adds one more `assign(to: &header.$text)` subscription, which the `@Published` storage keeps alive.")
    }
}

