import Combine
import SwiftUI

/// The settings screen's model.
final class SettingsViewModel: ObservableObject {
    @Published var notificationsEnabled = true
    /// Shown as an alert, then never cleared: every new subscriber gets the old error again.
    @Published var errorMessage: String?
    /// A "saved" confirmation that its subscriber resets to nil after showing it.
    @Published var savedConfirmation: String? = nil
    /// A real selection: `clearTheme()` writes nil on purpose.
    @Published var selectedTheme: Theme?
    @Published private(set) var storageUsed: Int64 = 0

    var cancellables = Set<AnyCancellable>()
    private let settings: SettingsStore

    init(settings: SettingsStore) {
        self.settings = settings
        // Subscribed once, in init.
        settings.storageUsage
            .receive(on: DispatchQueue.main)
            .sink { [weak self] bytes in self?.storageUsed = bytes }
            .store(in: &cancellables)
    }

    func save() {
        do {
            try settings.save(notificationsEnabled: notificationsEnabled, theme: selectedTheme)
            savedConfirmation = "Settings saved"
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func clearTheme() {
        selectedTheme = nil
    }
}

struct SettingsView: View {
    @StateObject var viewModel: SettingsViewModel
    @State private var alertText: String?
    @State private var banner: String?
    @State private var subscriptions = Set<AnyCancellable>()
    @State private var visibleSubscriptions = Set<AnyCancellable>()

    var body: some View {
        Form {
            Toggle("Notifications", isOn: $viewModel.notificationsEnabled)
            Button("Save") { viewModel.save() }
            Button("Default theme") { viewModel.clearTheme() }
            if let banner {
                Text(banner)
            }
        }
        .onAppear {
            // Every appearance adds another sink to the model's bag.
            viewModel.$selectedTheme
                .compactMap { $0 }
                .sink { theme in ThemeManager.apply(theme) }
                .store(in: &viewModel.cancellables)

            viewModel.$notificationsEnabled
                .dropFirst()
                .sink { enabled in NotificationScheduler.setEnabled(enabled) }
                .store(in: &subscriptions)

            // Emptied in onDisappear below.
            NotificationCenter.default.publisher(for: UIApplication.significantTimeChangeNotification)
                .sink { _ in viewModel.objectWillChange.send() }
                .store(in: &visibleSubscriptions)
        }
        .onDisappear {
            visibleSubscriptions.removeAll()
        }
        .onReceive(viewModel.$errorMessage) { message in
            guard let message else { return }
            alertText = message
        }
        .onReceive(viewModel.$savedConfirmation) { text in
            banner = text
            viewModel.savedConfirmation = nil
        }
    }
}
