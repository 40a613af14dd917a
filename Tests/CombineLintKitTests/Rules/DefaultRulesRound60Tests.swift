import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 60 and after (see the rule documents).
final class DefaultRulesRound60Tests: XCTestCase {

    /// `self.selectedSnapshot = snapshot` in `init`, which also forwards `snapshot.objectWillChange`:
    /// the property holds the forwarded object. A property set from a parameter whose changes the
    /// initializer does not forward is still reported.
    func testAPropertySetFromAForwardedParameterForwardsItsChanges() {
        let text = """
        final class Snapshot: ObservableObject {
            @Published var speed = 0.0
        }
        final class RaceDetailModel: ObservableObject {
            @Published var selectedSnapshot: Snapshot
            @Published var lastSnapshot: Snapshot
            private var cancellables = Set<AnyCancellable>()
            init(snapshot: Snapshot, last: Snapshot) {
                self.selectedSnapshot = snapshot
                lastSnapshot = last
                snapshot.objectWillChange
                    .sink { [weak self] _ in self?.objectWillChange.send() }
                    .store(in: &cancellables)
            }
        }
        struct RaceDetailView: View {
            @ObservedObject var model: RaceDetailModel
            var body: some View {
                Text("\\(model.selectedSnapshot.speed) \\(model.lastSnapshot.speed)")
            }
        }
        """
        XCTAssertEqual(positions(NestedObservableObjectRule.self, text), ["6:20"])
    }
}

extension DefaultRulesRound60Tests {
    /// `guard let role = self?.role else { … }` reads the property (stale in `$role`'s closure); the
    /// `role` after it is the bound local, not a second read. Without a binding, a bare `role` is a read.
    func testANameBoundByAnOptionalBindingIsNoRead() {
        let text = """
        final class SearchViewModel: ObservableObject {
            @Published var role: String?
            @Published var hint = ""
            @Published var label = ""
            private var cancellables = Set<AnyCancellable>()
            init() {
                $role
                    .map { [weak self] _ -> String in
                        guard let role = self?.role else { return "All" }
                        return "Only \\(role)"
                    }
                    .assign(to: &$hint)
                $role
                    .sink { [weak self] _ in
                        if let role = self?.role { self?.label = role }
                    }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text), ["9:34", "15:31"])
    }
}

extension DefaultRulesRound60Tests {
    /// A timer's sink calls `update(_:)`, which calls `armFinalReminder()` only under a run-once
    /// flag (`if !reminderArmed { reminderArmed = true; … }`): the inner subscription is made once.
    /// Called without the guard, it is made per tick.
    func testACallUnderARunOnceGuardInAnIntermediateMethodRunsOnce() {
        let text = """
        final class SiteVisitTimer: ObservableObject {
            @Published private(set) var isOverdue = false
            let reminder = PassthroughSubject<String, Never>()
            private var timerToken: AnyCancellable?
            private var tokens = Set<AnyCancellable>()
            private var reminderArmed = false
            func start() {
                timerToken = Timer.publish(every: 1, on: .main, in: .common)
                    .autoconnect()
                    .sink { [weak self] now in self?.update(now) }
            }
            private func update(_ now: Date) {
                if !reminderArmed {
                    reminderArmed = true
                    armFinalReminder()
                }
                watchOverdue()
            }
            private func armFinalReminder() {
                $isOverdue.filter { $0 }.sink { [weak self] _ in self?.reminder.send("late") }.store(in: &tokens)
            }
            private func watchOverdue() {
                $isOverdue.sink { [weak self] _ in self?.reminder.send("overdue") }.store(in: &tokens)
            }
        }
        """
        XCTAssertEqual(positions(NestedSinkRule.self, text), ["23:20"])
    }
}

extension DefaultRulesRound60Tests {
    /// `.filter { $0.leg == self.selectedLeg }` in `$selectedLeg`'s sink compares an element's
    /// member that shares the parameter's name (`leg`), not the parameter: the read is stale.
    /// `leg == self.selectedLeg` compares with the parameter on purpose.
    func testAMemberNamedLikeTheParameterIsNotTheParameter() {
        let text = """
        struct Split { var leg: Int }
        final class RaceViewModel: ObservableObject {
            @Published var selectedLeg = 0
            @Published var liveSplits: [Split] = []
            @Published var changed = false
            var splits: [Split] = []
            private var cancellables = Set<AnyCancellable>()
            init() {
                $selectedLeg
                    .sink { [weak self] leg in
                        guard let self = self else { return }
                        self.liveSplits = self.splits.filter { $0.leg == self.selectedLeg }
                    }
                    .store(in: &cancellables)
                $selectedLeg
                    .sink { [weak self] leg in
                        guard let self = self else { return }
                        self.changed = leg == self.selectedLeg
                    }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text), ["12:66"])
    }
}
