import Combine
import Foundation

enum SessionState: Equatable {
    case signedOut
    case signingIn
    case signedIn(userID: String)
}

enum SessionEvent {
    case tokenRefreshed
    case expired
    case signedOut
}

/// Owns the signed-in session and tells the app about changes to it.
final class SessionStore {
    /// Anyone can push a fake state: `private(set)` does not stop `send`.
    private(set) var state = CurrentValueSubject<SessionState, Never>(.signedOut)

    /// Read by `SessionBanner` below, so the fix is not offered automatically.
    let events = PassthroughSubject<SessionEvent, Never>()

    /// The right shape: the subject stays private, callers get a publisher.
    private let errorsSubject = PassthroughSubject<Error, Never>()
    var errors: AnyPublisher<Error, Never> { errorsSubject.eraseToAnyPublisher() }

    private let progressSubject = CurrentValueSubject<Double, Never>(0)
    var progress: AnyPublisher<Double, Never> { progressSubject.eraseToAnyPublisher() }

    private var cancellables = Set<AnyCancellable>()

    func signIn(userID: String) {
        state.send(.signingIn)
        progressSubject.send(0.5)
        state.send(.signedIn(userID: userID))
        progressSubject.send(1)
    }

    func signOut() {
        events.send(.signedOut)
        state.send(.signedOut)
        // Ends the event stream for every screen; the value below is dropped.
        events.send(completion: .finished)
        events.send(.expired)
    }

    func finishMigration() {
        progressSubject.send(completion: .finished)
        // Dropped: the progress bar never reaches 100%.
        progressSubject.send(1.0)
    }

    func fail(_ error: Error) {
        // Right order: the error first, then nothing more.
        errorsSubject.send(error)
    }
}

/// Shows a banner when the session expires.
final class SessionBanner {
    private var cancellables = Set<AnyCancellable>()

    init(store: SessionStore, show: @escaping (String) -> Void) {
        store.events
            .filter { if case .expired = $0 { return true } else { return false } }
            .sink { _ in show("Your session has expired.") }
            .store(in: &cancellables)
    }
}

/// Test double used by previews: exempt.
final class SessionStoreMock {
    let state = CurrentValueSubject<SessionState, Never>(.signedIn(userID: "preview"))
}
