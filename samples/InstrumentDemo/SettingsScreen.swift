import Foundation
#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif

/// What a settings screen shows; the store outlives every screen.
final class SettingsStore {
    let theme = CurrentValueSubject<String, Never>("light")
    /// Sends `true` once the premium options are bought.
    let unlocks = PassthroughSubject<Bool, Never>()
}

/// The table a settings screen lists its options in.
final class OptionsTable {}

/// A settings screen written the way many are: it subscribes on every appearance and on every
/// tap, and nothing in it says `.trace`. `combinelint instrument` adds the traces.
final class SettingsScreen {
    private let store: SettingsStore
    private var cancellables = Set<AnyCancellable>()
    private(set) var theme = ""
    private(set) var applied: [String] = []

    init(store: SettingsStore) { self.store = store }

    func viewWillAppear() {
        bindTheme()
    }

    /// One more sink on every appearance, and each holds `self`.
    private func bindTheme() {
        store.theme
            .sink { self.theme = $0 }
            .store(in: &cancellables)
    }

    /// A locked option waits for the unlock: each tap leaves one more subscription waiting.
    func tableView(_ tableView: OptionsTable, didSelectRowAt row: Int) {
        let option = "option \(row)"
        store.unlocks
            .sink { [weak self] unlocked in if unlocked { self?.applied.append(option) } }
            .store(in: &cancellables)
    }
}
