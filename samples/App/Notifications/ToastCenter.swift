import Combine
import UIKit

/// App-wide messages: toasts, banners and the session they belong to.
final class ToastCenter {
    static let shared = ToastCenter()

    /// The next toast to show. Starts at nil only so that subscribers have something to skip.
    let toast = CurrentValueSubject<String?, Never>(nil)

    /// A banner; its presenter sends nil back after showing it.
    private(set) var banner: CurrentValueSubject<Banner?, Never> = .init(nil)

    /// The signed-in user: real state, read through `.value` and bound as is.
    let currentUser = CurrentValueSubject<User?, Never>(nil)

    /// Events done right: nothing is replayed to late subscribers.
    let didSave = PassthroughSubject<String, Never>()

    /// Non-optional state.
    let isOnline = CurrentValueSubject<Bool, Never>(true)

    func show(_ message: String) {
        toast.send(message)
    }

    func showBanner(_ banner: Banner) {
        self.banner.send(banner)
    }

    var isSignedIn: Bool { currentUser.value != nil }

    func signOut() {
        currentUser.send(nil)
    }
}

/// Presents toasts and banners over the key window.
final class ToastPresenter {
    private let center: ToastCenter
    private weak var window: UIWindow?
    private var cancellables = Set<AnyCancellable>()

    init(center: ToastCenter = .shared, window: UIWindow?) {
        self.center = center
        self.window = window

        center.toast
            .compactMap { $0 }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] message in self?.present(message) }
            .store(in: &cancellables)

        center.banner
            .sink { [weak self] banner in
                guard let banner else { return }
                self?.present(banner.title)
                center.banner.send(nil)
            }
            .store(in: &cancellables)

        center.currentUser
            .sink { [weak self] user in self?.window?.accessibilityLabel = user?.displayName }
            .store(in: &cancellables)

        center.didSave
            .sink { [weak self] name in self?.present("Saved \(name)") }
            .store(in: &cancellables)
    }

    private func present(_ message: String) {
        let label = UILabel()
        label.text = message
        window?.addSubview(label)
    }
}
