import XCTest
@testable import CombineLintKit

/// Idioms found by the round-31 probes of the core rules (a radio player, a grocery delivery app).
final class CoreRulesRound31Tests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ files: [(path: String, text: String)]) -> [String] {
        findings(of: rule, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    private let service = (path: "PlaybackService.swift", text: """
    protocol PlaybackControlling: AnyObject {
        var statePublisher: AnyPublisher<PlaybackState, Never> { get }
    }
    final class PlaybackService: PlaybackControlling {
        @Published private(set) var state = PlaybackState.idle
        var statePublisher: AnyPublisher<PlaybackState, Never> { $state.eraseToAnyPublisher() }
    }
    """)

    private let browse = (path: "BrowseViewController.swift", text: """
    final class BrowseViewController: UIViewController, UITableViewDelegate {
        private let playback: PlaybackControlling
        private var cancellables = Set<AnyCancellable>()
        init(playback: PlaybackControlling) { self.playback = playback; super.init(nibName: nil, bundle: nil) }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            playback.statePublisher
                .filter { $0 == .failed }
                .sink { [weak self] _ in self?.showOffAir() }
                .store(in: &cancellables)
        }
        func showOffAir() {}
    }
    """)

    /// A SwiftUI preview's stand-in (`PreviewPlayback` in a file with `#Preview`) answers with `Just`
    /// for the canvas only, as a test double does for a test: the app's `PlaybackService` decides that
    /// `statePublisher` never finishes. A type of that name in a file without previews is the app's.
    func testPreviewStandInsAreDoubles() {
        let preview = (path: "LibraryGridView.swift", text: """
        struct LibraryGridView: View {
            var body: some View { Text("Library") }
        }
        #Preview {
            LibraryGridView()
        }
        final class PreviewPlayback: PlaybackControlling {
            var statePublisher: AnyPublisher<PlaybackState, Never> { Just(.idle).eraseToAnyPublisher() }
        }
        """)
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, [service, browse, preview]), ["BrowseViewController.swift:9:14"])
        let appType = (path: preview.path, text: preview.text.replacingOccurrences(of: "#Preview {\n    LibraryGridView()\n}\n", with: ""))
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, [service, browse, appType]), [])
    }

    /// `var statePublisher: … { playback.statePublisher }` forwards the service's property: it is
    /// endless when that one is, and does not hide it.
    func testForwardingPropertyOfTheSameName() {
        let forwarder = (path: "NowPlayingViewModel.swift", text: """
        final class NowPlayingViewModel {
            private let playback: PlaybackControlling
            init(playback: PlaybackControlling) { self.playback = playback }
            var statePublisher: AnyPublisher<PlaybackState, Never> { playback.statePublisher }
        }
        """)
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, [service, browse, forwarder]), ["BrowseViewController.swift:9:14"])
    }
}
