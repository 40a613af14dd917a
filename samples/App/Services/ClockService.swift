import Combine
import Foundation
import UIKit

/// Drives the countdown banner, the "last synced" label and periodic refreshes.
final class ClockService: ObservableObject {
    @Published private(set) var now = Date()
    @Published private(set) var remaining: TimeInterval = 0
    @Published var searchText = ""
    @Published private(set) var suggestions: [String] = []

    /// A shared tick for screens that need a clock; connected in `start()`.
    let tick = Timer.publish(every: 1, tolerance: 0.1, on: .main, in: .common)
    private var tickConnection: Cancellable?

    // Never connected: nothing calls `heartbeat.connect()`.
    private let heartbeat = Timer.publish(every: 60, on: .main, in: .common)

    private let api: SuggestionsAPI
    private var cancellables = Set<AnyCancellable>()

    init(api: SuggestionsAPI) {
        self.api = api

        tick
            .receive(on: DispatchQueue.main)
            .assign(to: \.now, on: self)
            .store(in: &cancellables)

        heartbeat
            .sink { [weak self] _ in self?.sendHeartbeat() }
            .store(in: &cancellables)

        $searchText
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .flatMap { [api] text in api.suggestions(for: text).replaceError(with: []) }
            .receive(on: DispatchQueue.main)
            .assign(to: &$suggestions)
    }

    func start() {
        tickConnection = tick.connect()
    }

    func startCountdown(until deadline: Date) {
        // Pauses while the user scrolls the list under the banner.
        Timer.publish(every: 1, on: .main, in: .default)
            .autoconnect()
            .map { deadline.timeIntervalSince($0) }
            .receive(on: RunLoop.main)
            .sink { [weak self] in self?.remaining = max(0, $0) }
            .store(in: &cancellables)
    }

    func startAutoRefresh(_ refresh: @escaping () -> Void) {
        // Never fires: no autoconnect().
        Timer.publish(every: 30, on: .main, in: .default)
            .sink { _ in refresh() }
            .store(in: &cancellables)
    }

    func startPolling(_ poll: @escaping () -> Void) {
        Timer.publish(every: 15, on: .main, in: .common)
            .autoconnect()
            .throttle(for: .seconds(5), scheduler: DispatchQueue.main, latest: true)
            .sink { _ in poll() }
            .store(in: &cancellables)
    }

    /// The caller decides when to connect.
    func makeSyncTimer() -> Timer.TimerPublisher {
        Timer.publish(every: 300, on: .main, in: .common)
    }

    private func sendHeartbeat() {}
}

/// A clock label in a SwiftUI screen.
import SwiftUI

struct ClockLabel: View {
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    @State private var now = Date()

    var body: some View {
        Text(now, style: .time)
            .onReceive(timer) { now = $0 }
    }
}

/// An elapsed-time label for a running upload, redrawn twice a second.
struct UploadElapsedLabel: View {
    let started: Date
    // Freezes while the user scrolls the upload list: `.default` leaves out the tracking mode.
    let ticks = Timer.publish(every: 0.5, on: .main, in: .default).autoconnect()
    @State private var elapsed: TimeInterval = 0

    var body: some View {
        Text("\(Int(elapsed)) s")
            .onReceive(ticks) { elapsed = $0.timeIntervalSince(started) }
    }
}
