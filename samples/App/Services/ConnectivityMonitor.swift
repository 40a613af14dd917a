import Combine
import Foundation
import UIKit

/// Watches the network state and the app's foreground state for the offline banner.
final class ConnectivityMonitor {
    @Published private(set) var isReachable = true

    private let reachability = PassthroughSubject<Bool, Never>()
    private var foregroundObservation: Task<Void, Never>?
    private var reachabilityObservation: Task<Void, Never>?
    private let api: StatusAPI

    init(api: StatusAPI) {
        self.api = api
    }

    // endless_values_task: started as a statement, so nothing can cancel it, and `$isReachable`
    // never finishes: the loop holds the monitor for the rest of the process.
    func startLogging() {
        Task { [weak self] in
            guard let self else { return }
            for await online in self.$isReachable.values {
                self.log(online)
            }
        }
    }

    // endless_values_task: kept in a property, but nothing ever cancels it.
    func startForegroundRefresh() {
        foregroundObservation = Task { [weak self] in
            for await _ in NotificationCenter.default.notifications(named: UIApplication.willEnterForegroundNotification) {
                await self?.refresh()
            }
        }
    }

    // Correct: kept, and cancelled when monitoring stops and when the monitor goes away.
    func startReachability() {
        reachabilityObservation = Task { [weak self] in
            guard let updates = self?.reachability.values else { return }
            for await online in updates {
                self?.isReachable = online
            }
        }
    }

    func stop() {
        reachabilityObservation?.cancel()
    }

    deinit {
        reachabilityObservation?.cancel()
    }

    func report(online: Bool) {
        reachability.send(online)
    }

    private func refresh() async {
        isReachable = await api.ping()
    }

    private func log(_ online: Bool) {
        print("online:", online)
    }
}
