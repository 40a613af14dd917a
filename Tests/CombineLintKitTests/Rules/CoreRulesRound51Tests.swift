import XCTest
@testable import CombineLintKit

/// Idioms found by the round-51 probes of the core rules (a volunteering app, a spreadsheet for
/// macOS and iPad, a sleep and meditation app).
final class CoreRulesRound51Tests: XCTestCase {

    /// `popoverWillShow` → `attachTitleBinding()` stores into `inspector.bindings`, the bag of a view
    /// controller this one holds for its whole life: each show adds one more live subscription. A
    /// bag of a local object made there is that object's, and goes with it.
    func testAStoreIntoAHeldObjectsBagPilesUpLikeOneIntoSelfs() {
        let text = """
        final class ChartInspector: NSViewController {
            var bindings = Set<AnyCancellable>()
        }
        final class ChartPopoverController: NSObject, NSPopoverDelegate {
            @Published var selectedCell: String?
            private let inspector = ChartInspector()
            func popoverWillShow(_ notification: Notification) {
                attachTitleBinding()
            }
            private func attachTitleBinding() {
                $selectedCell
                    .compactMap { $0 }
                    .sink { [weak inspector] in inspector?.title = $0 }
                    .store(in: &inspector.bindings)
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:14:14"])
        let local = text.replacingOccurrences(of: "    private func attachTitleBinding() {\n",
                                              with: "    private func attachTitleBinding() {\n        let inspector = ChartInspector()\n")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: local)]), [])
    }

    /// `guard !isCoolingDown …; beginCooldown(); pulseTorch()` in a scanner's delegate callback, where
    /// `beginCooldown()` sets the flag and a delayed sink clears it again: the guard spaces the runs
    /// out but lets each later scan through, so the torch subscription piles up. A flag set for good
    /// (`didStartTorch = true`, never cleared) makes it run once.
    func testACoolDownFlagTheSameCodeClearsIsNoRunOnceGuard() {
        let text = """
        final class QRScanner: NSObject, AVCaptureMetadataOutputObjectsDelegate {
            let torchOn = CurrentValueSubject<Bool, Never>(false)
            private var isCoolingDown = false
            private var cooldowns = Set<AnyCancellable>()
            private var torchBag = Set<AnyCancellable>()
            func metadataOutput(_ output: AVCaptureMetadataOutput, didOutput objects: [AVMetadataObject], from connection: AVCaptureConnection) {
                guard !isCoolingDown else { return }
                beginCooldown()
                pulseTorch()
            }
            private func beginCooldown() {
                isCoolingDown = true
                Just(()).delay(for: .seconds(1.5), scheduler: DispatchQueue.main)
                    .sink { [weak self] in self?.isCoolingDown = false }
                    .store(in: &cooldowns)
            }
            private func pulseTorch() {
                torchOn.sink { print($0) }.store(in: &torchBag)
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:18:36"])
        let forGood = text.replacingOccurrences(of: ".sink { [weak self] in self?.isCoolingDown = false }", with: ".sink { _ in }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: forGood)]), [])
    }

    /// `Button { model.isRunning ? model.cancelTapped() : model.startTapped() }`: each branch of the
    /// ternary is a call the action makes on a tap, so `startTapped()` storing a never-finishing
    /// subscription piles up as it would written with `if`.
    func testACallInATernaryBranchOfAButtonActionRunsPerTap() {
        let files = [(path: "SleepTimerViewModel.swift", text: """
        final class SleepTimerViewModel: ObservableObject {
            @Published var isRunning = false
            let expired = PassthroughSubject<Date, Never>()
            private var cancellables = Set<AnyCancellable>()
            func startTapped() {
                isRunning = true
                expired.sink { [weak self] _ in self?.isRunning = false }.store(in: &cancellables)
            }
            func cancelTapped() { isRunning = false }
        }
        """), (path: "SleepTimerView.swift", text: """
        struct SleepTimerView: View {
            @ObservedObject var viewModel: SleepTimerViewModel
            var body: some View {
                Button {
                    viewModel.isRunning ? viewModel.cancelTapped() : viewModel.startTapped()
                } label: {
                    Text(viewModel.isRunning ? "Cancel" : "Start")
                }
            }
        }
        """)]
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, files), ["SleepTimerViewModel.swift:7:67"])
    }

    /// `let replay = [presence].publisher.makeConnectable()` then a dropped `replay.connect()`: the
    /// sequence sends every value and its completion during `connect()`, so releasing the connection
    /// cancels nothing. A connectable over a live `$selectedCell` loses everything after that call.
    func testADroppedConnectionOfASequenceThatFinishesDuringConnectLosesNothing() {
        let text = """
        final class CollaborationService {
            @Published var selectedCell: Int?
            private let incoming = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()
            func previewPresence() {
                let replay = [1, 2].publisher.makeConnectable()
                replay.sink { [weak self] in self?.incoming.send($0) }.store(in: &bag)
                replay.connect()
            }
            func broadcastCursor() {
                let cursor = $selectedCell.compactMap { $0 }.makeConnectable()
                cursor.sink { [weak self] in self?.incoming.send($0) }.store(in: &bag)
                cursor.connect()
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:13:16"])
    }
}

