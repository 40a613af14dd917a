import XCTest
@testable import CombineLintKit

/// More ways a consumer skips the `nil` start value (issue #13 probes): an `if let` with no `else`,
/// a `switch` whose `nil` case does nothing, `guard case .some`, a `for await` loop over `.values`,
/// and a reset to `nil` in the subscriber after a `compactMap`.
final class SubjectFakeInitialValueSkipFormsTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: SubjectFakeInitialValueRule.self, in: files).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
    }

    /// `if let toast { show(toast) }` as the whole subscriber does nothing with `nil`; with an `else`
    /// that handles it, `nil` is a state.
    func testIfLetWithoutElseSkipsNil() {
        let text0 = """
        final class ToastModel: ObservableObject {
            @Published var toast: String?
            @Published var avatar: String?
        }
        final class ToastScreen {
            private var bag = Set<AnyCancellable>()
            init(model: ToastModel) {
                model.$toast.sink { [weak self] toast in
                    if let toast { self?.show(toast) }
                }.store(in: &bag)
                model.$avatar.sink { [weak self] name in
                    if let name { self?.show(name) } else { self?.placeholder() }
                }.store(in: &bag)
            }
            private func show(_ text: String) {}
            private func placeholder() {}
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20"])
    }

    /// `switch value { case .none: break … }` skips `nil`; a `case .none` that hides the view treats it
    /// as a state.
    func testSwitchWhoseNilCaseBreaksSkipsNil() {
        let text0 = """
        final class PromptModel: ObservableObject {
            @Published var prompt: String? = nil
            @Published var status: String? = nil
        }
        final class PromptScreen {
            private var bag = Set<AnyCancellable>()
            init(model: PromptModel) {
                model.$prompt.sink { [weak self] prompt in
                    switch prompt {
                    case .none: break
                    case .some(let text): self?.present(text)
                    }
                }.store(in: &bag)
                model.$status.sink { [weak self] status in
                    switch status {
                    case .none: self?.hide()
                    case .some(let text): self?.present(text)
                    }
                }.store(in: &bag)
            }
            private func present(_ text: String) {}
            private func hide() {}
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20"])
    }

    /// `guard case let .some(sheet) = value else { return }` is `guard let` spelled as a pattern.
    func testGuardCaseSomeSkipsNil() {
        let text0 = """
        final class SheetModel: ObservableObject {
            @Published var sheet: String?
        }
        final class SheetScreen {
            private var bag = Set<AnyCancellable>()
            init(model: SheetModel) {
                model.$sheet.sink { value in
                    guard case let .some(sheet) = value else { return }
                    print(sheet)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20"])
    }

    /// `.values` hands the current value to the loop first, as a subscription does: a loop that
    /// `continue`s on `nil` skips it; one that handles `nil` reads a state.
    func testForAwaitOverValuesThatSkipsNil() {
        let text0 = """
        final class EventCenter {
            let event = CurrentValueSubject<Int?, Never>(nil)
            let status = CurrentValueSubject<Int?, Never>(nil)
        }
        final class EventListener {
            func listen(_ center: EventCenter) async {
                for await value in center.event.values {
                    guard let value else { continue }
                    print(value)
                }
                for await value in center.status.values {
                    if let value { print(value) } else { print("none") }
                }
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:9"])
    }

    /// `compactMap { $0 }` then a subscriber that sets the property back to `nil` once it handled the
    /// value: that write ends the event, it is no state of its own (also in `.onReceive`).
    func testResetInTheSubscriberAfterCompactMapIsTheEventsReset() {
        let text0 = """
        final class Router: ObservableObject {
            @Published var deepLink: URL? = nil
            private var bag = Set<AnyCancellable>()
            init() {
                $deepLink.compactMap { $0 }.sink { [weak self] url in
                    self?.open(url)
                    self?.deepLink = .none
                }.store(in: &bag)
            }
            private func open(_ url: URL) {}
        }
        final class HapticsModel: ObservableObject {
            @Published var haptic: String?
        }
        struct HapticsView: View {
            @StateObject var model = HapticsModel()
            var body: some View {
                Text("x").onReceive(model.$haptic.compactMap { $0 }) { _ in
                    model.haptic = nil
                }
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20", "A.swift:13:20"])
    }

    /// A model that writes a value that may be nil (`self.imageID = episode?.imageID`) holds nil as a
    /// state: a consumer that ignores nil only keeps the last image, it skips no fake start value.
    func testWriteOfAValueThatMayBeNilIsAState() {
        let text = """
        final class EpisodeModel: ObservableObject {
            @Published var imageID: String? = nil
            @Published var chapter: String? = nil
            func show(_ episode: Episode?) {
                self.imageID = episode?.imageID
                chapter = episode == nil ? nil : "1"
            }
        }
        final class EpisodeCell {
            private var bag = Set<AnyCancellable>()
            func observe(_ model: EpisodeModel) {
                model.$imageID.sink { [unowned self] id in
                    if let id { self.load(id) }
                }.store(in: &bag)
                model.$chapter.compactMap { $0 }.sink { print($0) }.store(in: &bag)
            }
            private func load(_ id: String) {}
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), [])
    }

    /// A `nil` nested in a call (`Notice(text: …, icon: nil)`) and an optional chain with a default
    /// (`item?.title ?? ""`) write values that are never nil: the property stays an event.
    func testNilNestedInTheWrittenValueIsNoState() {
        let text = """
        struct Notice { var text: String; var icon: String? }
        final class NoticeModel: ObservableObject {
            @Published var notice: Notice?
            @Published var headline: String?
            func post(_ item: Item?) {
                notice = Notice(text: "Saved", icon: nil)
                headline = item?.title ?? ""
            }
        }
        final class NoticeBanner {
            private var bag = Set<AnyCancellable>()
            init(model: NoticeModel) {
                model.$notice.compactMap { $0 }.sink { print($0) }.store(in: &bag)
                model.$headline.compactMap { $0 }.sink { print($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:3:20", "A.swift:4:20"])
    }

    /// `case .none: break` goes on after the switch: nil reaches the statements that follow, so the
    /// subscriber handles it; `case .none: return` does skip it.
    func testSwitchFollowedByStatementsSkipsNilOnlyWithReturn() {
        let text = """
        final class StatusModel: ObservableObject {
            @Published var status: String?
            @Published var alert: String?
        }
        final class StatusScreen {
            private var bag = Set<AnyCancellable>()
            init(model: StatusModel) {
                model.$status.sink { [weak self] status in
                    switch status {
                    case .none: break
                    case .some(let text): self?.show(text)
                    }
                    self?.relayout()
                }.store(in: &bag)
                model.$alert.sink { [weak self] alert in
                    switch alert {
                    case nil: return
                    case let text?: self?.show(text)
                    }
                    self?.relayout()
                }.store(in: &bag)
            }
            private func show(_ text: String) {}
            private func relayout() {}
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:3:20"])
    }

    /// A subscriber that hands each value to a method of its own type (`self?.show($0)`,
    /// `sink(receiveValue: present)`) skips nil when that method starts with `guard let toast else
    /// { return }`; a method that handles nil (`hide()` in the `else`) makes it a state (probe round 4).
    func testHandlerMethodThatSkipsNil() {
        let text = """
        final class ToastModel {
            @Published var toast: String?
            @Published var banner: String?
            @Published var status: String?
            private var bag = Set<AnyCancellable>()
            init() {
                $toast.sink { [weak self] in self?.show($0) }.store(in: &bag)
                $banner.sink(receiveValue: present).store(in: &bag)
                $status.sink { [weak self] value in self?.render(value) }.store(in: &bag)
            }
            func show(_ toast: String?) {
                guard let toast else { return }
                print(toast)
            }
            func present(_ banner: String?) {
                guard let banner = banner else { return }
                print(banner)
            }
            func render(_ status: String?) {
                guard let status else {
                    hide()
                    return
                }
                print(status)
            }
            func hide() {}
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:2:20", "A.swift:3:20"])
    }

    /// A subject given whole to a project function (a protocol extension's helper) is consumed by
    /// that function through its parameter: `source.compactMap { $0 }` there skips the nil, so
    /// `joinError` is reported; `saveError`, handed to a helper that shows nil as "no error", is state
    /// (issue #13 probes, round 7).
    func testSubjectHandedToAHelperThatSkipsNilThroughItsParameter() {
        let files = [
            (path: "Banner.swift", text: """
            protocol BannerPresenting: AnyObject {
                var banner: String? { get set }
                var bannerBag: Set<AnyCancellable> { get set }
            }
            extension BannerPresenting {
                func presentErrors(from source: CurrentValueSubject<Error?, Never>) {
                    source.compactMap { $0 }.sink { [weak self] in self?.banner = "\\($0)" }.store(in: &bannerBag)
                }
                func showStatus(_ source: CurrentValueSubject<Error?, Never>) {
                    source.sink { [weak self] in self?.banner = $0.map { "\\($0)" } ?? "All good" }.store(in: &bannerBag)
                }
            }
            """),
            (path: "Model.swift", text: """
            final class ChallengeModel: BannerPresenting {
                var banner: String?
                var bannerBag = Set<AnyCancellable>()
                private let joinError = CurrentValueSubject<Error?, Never>(nil)
                private let saveError = CurrentValueSubject<Error?, Never>(nil)
                init() {
                    presentErrors(from: joinError)
                    showStatus(saveError)
                }
                func fail(_ error: Error) { joinError.send(error); saveError.send(error) }
            }
            """),
        ]
        let found = findings(of: SubjectFakeInitialValueRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
        XCTAssertEqual(found, ["Model.swift:4:17"])
    }

    /// A comparison written with optional chaining (`updated.state != self?.card.state`) is a `Bool`,
    /// never nil: the property is still only ever given values. A ternary that picks `nil`
    /// (`updated.isNew ? nil : updated.title`) writes nil as a state.
    func testAComparisonWithOptionalChainingWritesNoNil() {
        let text0 = """
        final class CardModel: ObservableObject {
            @Published var haptic: Bool? = nil
            @Published var badge: String? = nil
            @Published private(set) var card = Card()
            private var bag = Set<AnyCancellable>()
            func observe(_ updates: PassthroughSubject<Card, Never>) {
                updates.sink { [weak self] updated in
                    self?.haptic = updated.state != self?.card.state
                    self?.badge = updated.isNew != self?.card.isNew ? nil : updated.title
                }.store(in: &bag)
            }
        }
        final class CardScreen {
            let model: CardModel
            private var bag = Set<AnyCancellable>()
            func bind() {
                model.$haptic.filter { $0 != nil }.sink { _ in buzz() }.store(in: &bag)
                model.$badge.compactMap { $0 }.sink { show($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20"])
    }

    /// `let output = viewModel.transform(input: input)` is the `Output` that `transform(input:)`
    /// declares: its `alert` (an erased publisher of values) is not the card model's optional
    /// `alert`, whose one consumer skips its nil.
    func testALocalHoldsTheResultTypeOfTheFunctionItCalls() {
        let text0 = """
        final class AccountsViewModel {
            struct Output { let alert: AnyPublisher<Alert, Never> }
            func transform(input: Input) -> Output { Output(alert: Empty().eraseToAnyPublisher()) }
        }
        final class CardFreezeViewModel {
            let alert = CurrentValueSubject<Alert?, Never>(nil)
            func failed(_ error: Error) { alert.send(.error(error)) }
        }
        final class AccountsViewController {
            let viewModel: AccountsViewModel
            private var bag = Set<AnyCancellable>()
            func bind(_ input: Input) {
                let output = viewModel.transform(input: input)
                output.alert.sink { [weak self] alert in self?.show(alert.title) }.store(in: &bag)
            }
        }
        final class CardFreezeViewController {
            let viewModel: CardFreezeViewModel
            private var bag = Set<AnyCancellable>()
            func bind() {
                viewModel.alert.compactMap { $0 }.sink { [weak self] in self?.show($0.title) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:6:9"])
    }

    /// A property that `assign(to: &$toast)` feeds from a pipeline whose last `map` gives a
    /// non-optional value (a project function declared `-> String`, a string literal) never gets nil
    /// from it: still an event its consumer skips. A pipeline of optional values (`-> String?`) holds nil as state.
    func testAnAssignFeedOfNonOptionalValuesWritesNoNil() {
        let text0 = """
        final class AccountModel {
            @Published var toast: String?
            @Published var banner: String?
            @Published var hint: String?
            @Published var transactions: [Int] = []
            init() {
                $transactions.map { $0.count }.filter { $0 > 0 }.map { count in self.pendingMessage(count) }.assign(to: &$toast)
                $transactions.map { $0.count }.map { _ in "Updated" }.assign(to: &$banner)
                $transactions.map { $0.count }.map { count in self.optionalHint(count) }.assign(to: &$hint)
            }
            private func pendingMessage(_ count: Int) -> String { "\\(count) pending" }
            private func optionalHint(_ count: Int) -> String? { count > 3 ? "many" : nil }
        }
        final class AccountScreen {
            let model = AccountModel()
            private var bag = Set<AnyCancellable>()
            func bind() {
                model.$toast.sink { message in guard let message = message else { return }; show(message) }.store(in: &bag)
                model.$banner.compactMap { $0 }.sink { show($0) }.store(in: &bag)
                model.$hint.compactMap { $0 }.sink { show($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20", "A.swift:3:20"])
    }

    /// A property fed by `assign(to: &$pendingChat)` from notifications mirrors events: the nil its
    /// `map` gives for an unknown id is no state, and consumers that skip nil make it an event kept
    /// as state. The same optional mirror of a `@Published` state holds nil as state.
    func testAnAssignFeedOfNotificationsIsAnEventStream() {
        let text0 = """
        final class MatchesModel {
            @Published var pendingChat: Match?
            @Published var selected: Match?
            @Published var matches: [Match] = []
            @Published var selectedID: UUID?
            init() {
                NotificationCenter.default.publisher(for: .openChat)
                    .compactMap { $0.userInfo?["id"] as? UUID }
                    .map { [unowned self] id in self.matches.first { $0.id == id } }
                    .assign(to: &$pendingChat)
                $selectedID.map { [unowned self] id in self.matches.first { $0.id == id } }.assign(to: &$selected)
            }
        }
        final class MatchesScreen {
            let model = MatchesModel()
            private var bag = Set<AnyCancellable>()
            func bind() {
                model.$pendingChat.compactMap { $0 }.sink { open($0) }.store(in: &bag)
                model.$selected.compactMap { $0 }.sink { open($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20"])
    }

    /// `….map(Optional.some).receive(on: DispatchQueue.main).assign(to: &$notice)`: the steps that
    /// pass values through after the last `map` keep its values non-optional, so no nil is written.
    func testAnAssignFeedLooksThroughStepsThatPassValuesOn() {
        let text0 = """
        final class PickupModel {
            @Published var notice: Notice?
            @Published var current: Notice?
            init(push: PushCenter, store: Store) {
                push.ready.filter { $0.isReady }.map(Optional.some).receive(on: DispatchQueue.main).removeDuplicates().assign(to: &$notice)
                store.$notices.map { $0.first }.receive(on: DispatchQueue.main).assign(to: &$current)
            }
        }
        final class PickupBanner {
            let model: PickupModel
            private var bag = Set<AnyCancellable>()
            func bind() {
                model.$notice.compactMap { $0 }.sink { show($0) }.store(in: &bag)
                model.$current.compactMap { $0 }.sink { show($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:2:20"])
    }
}
