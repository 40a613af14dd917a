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
}
