import XCTest
@testable import CombineLintKit

/// Idioms found by the round-31 probes of the core rules (a radio player, a grocery delivery app).
final class CoreRulesRound31Tests: XCTestCase {

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
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [service, browse, preview]), ["BrowseViewController.swift:9:14"])
        let appType = (path: preview.path, text: preview.text.replacingOccurrences(of: "#Preview {\n    LibraryGridView()\n}\n", with: ""))
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [service, browse, appType]), [])
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
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [service, browse, forwarder]), ["BrowseViewController.swift:9:14"])
    }

    /// `if isMovingToParent { startObservingStore() }` guards the call in its body only: the
    /// `refreshHeader()` after it runs on every appearance, and its store piles up. A guard that
    /// leaves (`if didBind { return }`) guards what follows it.
    func testAFirstAppearanceIfGuardsOnlyItsOwnBody() {
        let text = """
        final class GridViewController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            let cart = CartStore()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                if isMovingToParent { startObservingStore() }
                refreshHeader()
            }
            func startObservingStore() {}
            func refreshHeader() { observeCartTotal() }
            func observeCartTotal() {
                cart.$total
                    .sink { [weak self] in self?.title = "\\($0)" }
                    .store(in: &cancellables)
            }
        }
        final class CartStore: ObservableObject { @Published var total = 0 }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:14:14"])
        let leaving = text.replacingOccurrences(of: "if isMovingToParent { startObservingStore() }", with: "if !isMovingToParent { return }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: leaving)]), [])
        let inside = text.replacingOccurrences(of: "if isMovingToParent { startObservingStore() }\n        refreshHeader()", with: "if isMovingToParent { refreshHeader() }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: inside)]), [])
    }

    /// The cases of a nested `CaseIterable` type (`GroceryStore.Category.allCases.publisher`) are a
    /// collection, delivered and finished during `sink`; a lower-case receiver's `allCases` is not known.
    func testAllCasesOfANestedType() {
        let text = """
        final class StoreListViewModel {
            func titles() -> [String] {
                var titles: [String] = []
                _ = GroceryStore.Category.allCases.publisher.map(\\.title).sink { titles.append($0) }
                _ = store.kinds.allCases.publisher.sink { titles.append($0) }
                return titles
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:5:44"])
    }
}
