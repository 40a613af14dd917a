import SwiftUI

/// The account screen. It observes only `AccountViewModel`, so flipping a switch inside
/// `preferences` or `notifications` changes the nested models without redrawing this view
/// (nested_observable_object is reported on those two properties).
struct AccountView: View {
    @ObservedObject var viewModel: AccountViewModel

    var body: some View {
        Form {
            Text(viewModel.username)
            Toggle("Dark mode", isOn: $viewModel.preferences.darkMode)
            Toggle("Push notifications", isOn: $viewModel.notifications.pushEnabled)
            Text(viewModel.billing.plan)
        }
    }
}
