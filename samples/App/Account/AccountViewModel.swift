import Combine
import Foundation

/// The account screen's model: the user's profile, their preferences and a sync status.
final class AccountViewModel: ObservableObject {
    @Published var username = ""
    @Published var isSyncing = false
    @Published var avatarURL: URL?
    @Published var status = "Idle"

    // Nested models: SwiftUI only sees these change when the reference is replaced.
    @Published var preferences = PreferencesModel()
    @Published var notifications: NotificationSettingsModel = NotificationSettingsModel()
    // Forwarded below, so views redraw when the billing model changes.
    @Published var billing = BillingModel()

    private let api: AccountAPI
    private var cancellables = Set<AnyCancellable>()

    init(api: AccountAPI) {
        self.api = api

        // Runs in willSet: `username` still holds the previous name here.
        $username
            .removeDuplicates()
            .sink { [weak self] _ in
                guard let self else { return }
                self.api.validate(self.username)
            }
            .store(in: &cancellables)

        // Correct: the closure's argument is the new value.
        $username
            .sink { [weak self] name in self?.api.reserve(name) }
            .store(in: &cancellables)

        // Shows the old sync state: `isSyncing` has not changed yet.
        $isSyncing
            .map { [unowned self] _ in self.isSyncing ? "Syncing…" : "Up to date" }
            .sink { [weak self] text in self?.log(text) }
            .store(in: &cancellables)

        // Correct: after the hop to the main queue the property holds the new value.
        $avatarURL
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in self?.api.prefetch(self?.avatarURL) }
            .store(in: &cancellables)

        billing.objectWillChange
            .sink { [weak self] _ in self?.objectWillChange.send() }
            .store(in: &cancellables)
    }

    func refresh() {
        // Publishes from a background queue: subscribers and SwiftUI update off the main thread.
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            guard let self else { return }
            let profile = self.api.loadProfile()
            self.username = profile.name
            DispatchQueue.main.async {
                self.avatarURL = profile.avatarURL
            }
        }
    }

    func sync() {
        Task.detached { [weak self] in
            await self?.api.sync()
            self?.isSyncing = false
        }
    }

    private func log(_ text: String) {
        status = text
    }
}

final class PreferencesModel: ObservableObject {
    @Published var darkMode = false
}

final class NotificationSettingsModel: ObservableObject {
    @Published var pushEnabled = true
}

final class BillingModel: ObservableObject {
    @Published var plan = "Free"
}

/// The sample's network layer.
protocol AccountAPI {
    func validate(_ name: String)
    func reserve(_ name: String)
    func prefetch(_ url: URL?)
    func loadProfile() -> (name: String, avatarURL: URL?)
    func sync() async
}
