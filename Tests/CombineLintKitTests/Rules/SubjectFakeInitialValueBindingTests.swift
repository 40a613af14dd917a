import XCTest
@testable import CombineLintKit

/// `$model.alert` in a view is a binding to the property of the object `model` holds: a use of
/// that type's `alert`, not of every property of the name (issue #13 probes, round 3).
final class SubjectFakeInitialValueBindingTests: XCTestCase {
    /// `SettingsView` binds `$model.alert` to `.alert(item:)`, which sets it back to nil on dismiss: a
    /// state of `SettingsModel`. `InboxModel.alert`, skipped by its only consumer, stays reported.
    func testProjectedViewModelBindingBelongsToItsOwnType() {
        let text = """
        struct Banner: Identifiable { let id = UUID(); let text: String }
        final class InboxModel {
            @Published var alert: String?
            @Published var isActive = false
        }
        final class InboxPresenter {
            private var bag = Set<AnyCancellable>()
            init(model: InboxModel) {
                model.$alert.compactMap { $0 }.sink { print($0) }.store(in: &bag)
            }
        }
        final class SettingsModel: ObservableObject {
            @Published var alert: Banner?
            private var bag = Set<AnyCancellable>()
            init() {
                $alert.compactMap { $0 }.sink { print("shown", $0.text) }.store(in: &bag)
            }
        }
        struct SettingsView: View {
            @StateObject private var model = SettingsModel()
            var body: some View {
                Text("Settings").alert(item: $model.alert) { Alert(title: Text($0.text)) }
            }
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:20"])
    }

    /// `viewModel` of a generic base controller (`let viewModel: ViewModel`) is, in a subclass of
    /// `BaseViewController<DetailViewModel>`, a `DetailViewModel`: its subscriber's reset to nil
    /// belongs to that type's `pendingShare`, not to a type named `ViewModel` (issue #13 probes, round 7).
    /// `ListViewModel.pendingShare`, read as state through its own base controller, stays quiet.
    func testPropertyOfAGenericBaseClassTakesTheSubclassArgument() {
        let files = [
            (path: "Base.swift", text: """
            class BaseViewController<ViewModel: AnyObject>: UIViewController {
                let viewModel: ViewModel
                var cancellables = Set<AnyCancellable>()
                init(viewModel: ViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
            }
            """),
            (path: "Detail.swift", text: """
            final class DetailViewModel {
                @Published var pendingShare: URL?
                func share() { pendingShare = URL(string: "https://example.com") }
            }
            final class DetailViewController: BaseViewController<DetailViewModel> {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    viewModel.$pendingShare
                        .compactMap { $0 }
                        .sink { [weak self] url in
                            self?.present(url)
                            self?.viewModel.pendingShare = nil
                        }
                        .store(in: &cancellables)
                }
                func present(_ url: URL) {}
            }
            """),
            (path: "List.swift", text: """
            final class ListViewModel {
                @Published var pendingShare: URL?
            }
            final class ListViewController: BaseViewController<ListViewModel> {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    viewModel.$pendingShare
                        .sink { [weak self] url in self?.title = url?.absoluteString ?? "Nothing to share" }
                        .store(in: &cancellables)
                }
            }
            """),
        ]
        let found = findings(of: SubjectFakeInitialValueRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
        XCTAssertEqual(found, ["Detail.swift:2:20"])
    }
}
