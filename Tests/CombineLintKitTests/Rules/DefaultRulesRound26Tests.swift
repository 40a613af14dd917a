import XCTest
@testable import CombineLintKit

/// Idioms found by the round-26 probes of the default rules (a smart-home app with a menu bar
/// companion, a photo editor).
final class DefaultRulesRound26Tests: XCTestCase {
    /// `ids.compactMap(photo).flatMap(\.tags).publisher.collect()`: a sequence's publisher, read off
    /// what an array method returned, finishes while it is subscribed, even in a project where some
    /// type declares a property named `publisher` (an effect's). A `.publisher` read straight off a
    /// name may be that property, and stays reported.
    func testASequencesPublisherAfterSequenceMethodsIsNoRequest() {
        let text = """
        struct Effect {
            let publisher: AnyPublisher<Action, Never>
        }
        final class AlbumModel: ObservableObject {
            @Published var visibleIDs: [String] = []
            @Published var visibleTags: [String] = []
            @Published var effect = Effect(publisher: Empty().eraseToAnyPublisher())
            func bind(library: Library) {
                $visibleIDs
                    .removeDuplicates()
                    .flatMap { ids in ids.compactMap(library.photo).flatMap(\\.tags).publisher.collect() }
                    .assign(to: &$visibleTags)
                $visibleIDs
                    .removeDuplicates()
                    .flatMap { _ in self.effect.publisher.collect() }
                    .sink { print($0) }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["15:14"])
    }

    /// A typealias the project declares once stands for its target class; one declared in two
    /// places with different targets, or one for a struct, gives no finding.
    func testANestedObservableObjectBehindATypealias() {
        let text = """
        typealias CropState = CropModel
        enum Editor { typealias Tool = CropModel }
        enum Viewer { typealias Tool = ZoomModel }
        typealias Layout = LayoutValue
        final class CropModel: ObservableObject { @Published var aspectRatio: CGFloat = 1 }
        final class ZoomModel: ObservableObject { @Published var scale: CGFloat = 1 }
        struct LayoutValue { var columns = 3 }
        final class EditorSession: ObservableObject {
            @Published var crop: CropState = CropModel()
            @Published var tool: Tool = CropModel()
            @Published var layout: Layout = LayoutValue()
        }
        struct EditorView: View {
            @ObservedObject var session: EditorSession
            var body: some View { Text("\\(session.crop.aspectRatio) \\(session.tool) \\(session.layout.columns)") }
        }
        """
        XCTAssertEqual(findings(of: NestedObservableObjectRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["9:20"])
    }

    /// A demand that is only written to a log, or added to a counter that the subscription never
    /// reads (only lowers), is ignored: samples go out regardless. A counter read before sending
    /// (`guard requested > 0`) honours it.
    func testADemandOnlyLoggedOrCountedWithoutAReadIsIgnored() {
        let text = """
        final class MotionSubscription<S: Subscriber>: Subscription where S.Input == Double {
            private var subscriber: S?
            func start() { manager.onSample = { [weak self] in _ = self?.subscriber?.receive($0) } }
            func request(_ demand: Subscribers.Demand) {
                log.debug("motion demand \\(String(describing: demand), privacy: .public)")
            }
            func cancel() { subscriber = nil }
        }
        final class KeyboardSubscription<S: Subscriber>: Subscription where S.Input == CGFloat {
            private var subscriber: S?
            private var requested: Subscribers.Demand = .none
            func request(_ demand: Subscribers.Demand) {
                requested += demand
            }
            func cancel() { subscriber = nil }
            private func emit(_ height: CGFloat) {
                requested -= 1
                _ = subscriber?.receive(height)
            }
        }
        final class CountedSubscription<S: Subscriber>: Subscription where S.Input == Int {
            private var subscriber: S?
            private var requested: Subscribers.Demand = .none
            func request(_ demand: Subscribers.Demand) {
                self.requested += demand
            }
            func cancel() { subscriber = nil }
            private func emit(_ value: Int) {
                guard requested > 0 else { return }
                requested -= 1
                requested += subscriber?.receive(value) ?? .none
            }
        }
        """
        XCTAssertEqual(findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["4:10", "12:10"])
    }

    /// A project operator declared in `extension Publisher` that hops to main (`receiveOnMain()`)
    /// delivers there: a `receive(on: DispatchQueue.main)` right after it hops again. One that hops
    /// to a background queue, or whose declarations disagree, is not taken for a main hop.
    func testAProjectOperatorThatHopsToMainIsAHop() {
        let operators = """
        extension Publisher where Failure == Never {
            func receiveOnMain() -> AnyPublisher<Output, Never> {
                receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
            func receiveInBackground() -> AnyPublisher<Output, Never> {
                self.receive(on: DispatchQueue.global()).eraseToAnyPublisher()
            }
        }
        """
        let screen = """
        final class DevicesViewController: UIViewController {
            func bind() {
                viewModel.$errorMessage
                    .receiveOnMain()
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.banner.text = $0 }
                    .store(in: &bag)
                viewModel.$errorMessage
                    .receiveInBackground()
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.banner.text = $0 }
                    .store(in: &bag)
            }
        }
        """
        let files = [(path: "Publishers+App.swift", text: operators), (path: "DevicesViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: MultipleReceiveOnRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["DevicesViewController.swift:5:14"])
    }

    /// A value sent from `DispatchQueue.main.async { … }` written after the completion runs later
    /// still, and is dropped. A `var` subject that no code assigns anew is as fixed as a `let`:
    /// a method called in between cannot replace it. One that is assigned anew somewhere may be
    /// a new subject by then; and a `var` subject's dispatched send is not judged.
    func testSendsAfterACompletionThroughADispatchOrAMethodCall() {
        let text = """
        final class RecordingSession {
            let frames = PassthroughSubject<Frame, Error>()
            private var installEvents = PassthroughSubject<Step, Never>()
            private var uploads = PassthroughSubject<Int, Never>()
            var lastFrame: Frame?
            func finish() {
                frames.send(completion: .finished)
                DispatchQueue.main.async {
                    if let lastFrame = self.lastFrame {
                        self.frames.send(lastFrame)
                    }
                }
            }
            func install() {
                installEvents.send(completion: .finished)
                logInstallSummary()
                installEvents.send(.rebooting)
            }
            func upload() {
                uploads.send(completion: .finished)
                restart()
                uploads.send(1)
                DispatchQueue.main.async { self.uploads.send(2) }
            }
            func restart() { uploads = PassthroughSubject() }
        }
        """
        XCTAssertEqual(findings(of: SendAfterCompletionRule.self, in: [(path: "RecordingSession.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["10:29", "17:23"])
    }

    /// `#selector(enabledOnlyToggled(_:))` in `viewDidLoad` names the switch's action, which runs when
    /// the user flips it, not at start: the list stays empty until then. A method called right there
    /// (`restoreFilter()`) does fire the subject at start.
    func testASelectorNamingTheSenderIsNoCallAtStart() {
        let text = """
        final class ListViewController: UITableViewController {
            private let enabledOnlySwitch = UISwitch()
            private let enabledFilterChanged = PassthroughSubject<Bool, Never>()
            private let sortChanged = PassthroughSubject<Bool, Never>()
            override func viewDidLoad() {
                super.viewDidLoad()
                enabledOnlySwitch.addTarget(self, action: #selector(enabledOnlyToggled(_:)), for: .valueChanged)
                Publishers.CombineLatest(viewModel.$rules, enabledFilterChanged)
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &cancellables)
                Publishers.CombineLatest(viewModel.$rules, sortChanged)
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &cancellables)
                restoreSort()
            }
            @objc private func enabledOnlyToggled(_ sender: UISwitch) {
                enabledFilterChanged.send(sender.isOn)
            }
            private func restoreSort() {
                sortChanged.send(UserDefaults.standard.bool(forKey: "sort"))
            }
        }
        """
        XCTAssertEqual(findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["8:20"])
    }

    /// `api.devices(in: room)` subscribed twice runs two requests, though the project also declares
    /// `static func devices(in:) -> Endpoint<[Device]>`: a function returning a project value that is
    /// no publisher is not the one the pipeline calls. An extension of `AnyPublisher` declares no
    /// project type, so a function returning `AnyPublisher` still counts.
    func testASameNamedFunctionReturningAProjectValueIsNotThePipelinesCall() {
        let text = """
        struct Endpoint<Response> {
            var path: String
            static func devices(in room: String) -> Endpoint<[Device]> { Endpoint<[Device]>(path: "rooms/\\(room)") }
        }
        extension AnyPublisher {
            static func just(_ value: Output) -> Self { Just(value).setFailureType(to: Failure.self).eraseToAnyPublisher() }
        }
        final class HomeAPIClient {
            func devices(in room: String) -> AnyPublisher<[Device], Error> {
                request(.devices(in: room))
            }
            private func request<T: Decodable>(_ endpoint: Endpoint<T>) -> AnyPublisher<T, Error> {
                guard let url = URL(string: endpoint.path) else { return Fail(error: APIError.bad).eraseToAnyPublisher() }
                return URLSession.shared.dataTaskPublisher(for: url)
                    .map(\\.data)
                    .decode(type: T.self, decoder: JSONDecoder())
                    .eraseToAnyPublisher()
            }
        }
        final class DevicesViewModel {
            let api = HomeAPIClient()
            func load(room: String) {
                let page = api.devices(in: room)
                page.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
                page.map(\\.isEmpty).sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["25:9"])
    }
}
