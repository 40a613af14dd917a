import XCTest
@testable import CombineLintKit

/// Idioms found by the round-54 and round-55 probes of the other default rules (a marina app, a
/// cycling app, both for iOS and macOS).
final class DefaultRulesRound54Tests: XCTestCase {

    /// A local `Future` subscribed now and returned by a `flatMap` on every tap: each tap gets the
    /// answer cached when the Future was made. Two sinks right there share its one run on purpose.
    func testAFutureSubscribedNowAndAgainOnEveryTapIsReported() {
        let text = """
        final class BookingViewController: UIViewController {
            let bookTapped = PassthroughSubject<Void, Never>()
            var cancellables = Set<AnyCancellable>()
            var available = false
            func checkTwice() {
                let check = Future<Bool, Never> { promise in promise(.success(true)) }
                check.sink { [weak self] in self?.available = $0 }.store(in: &cancellables)
                bookTapped.flatMap { _ in check }.sink { [weak self] in self?.available = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(FutureWithoutDeferredRule.self, [(path: "A.swift", text: text)]), ["A.swift:6:21"])
        let twice = text.replacingOccurrences(of: "bookTapped.flatMap { _ in check }", with: "check")
        XCTAssertEqual(places(FutureWithoutDeferredRule.self, [(path: "A.swift", text: twice)]), [])
    }

    /// `let upload = Future { … }` then `guard isOnline else { return }` before `upload.sink`: offline,
    /// the upload ran and nothing subscribed. A guard before the Future is made changes nothing,
    /// and neither does `return upload.sink { … }`.
    func testAFutureMadeBeforeAnEarlyExitIsReported() {
        let text = """
        final class LogbookViewModel {
            var status = ""
            var token: AnyCancellable?
            func upload(isOnline: Bool) {
                let upload = Future<Bool, Never> { promise in promise(.success(true)) }
                guard isOnline else {
                    status = "Offline"
                    return
                }
                token = upload.sink { [weak self] ok in self?.status = ok ? "Saved" : "Failed" }
            }
            func uploadChecked(isOnline: Bool) {
                guard isOnline else { return }
                let upload = Future<Bool, Never> { promise in promise(.success(true)) }
                token = upload.sink { [weak self] ok in self?.status = ok ? "Saved" : "Failed" }
            }
            func uploadReturning() -> AnyCancellable {
                let upload = Future<Bool, Never> { promise in promise(.success(true)) }
                return upload.sink { [weak self] ok in self?.status = ok ? "Saved" : "Failed" }
            }
        }
        """
        XCTAssertEqual(places(FutureWithoutDeferredRule.self, [(path: "A.swift", text: text)]), ["A.swift:5:22"])
    }

    /// `ForEach(model.sensors) { sensor in SensorRowView(sensor: sensor).swipeActions { Button("Rename")
    /// { newName = sensor.name } } }` (round 55): the row observes each element, and the button reads
    /// the element's state once, when tapped, so no drawing depends on the outer object. Read in the
    /// row's own drawing (`Text(sensor.name)`), the state goes stale.
    func testAnElementReadOnlyInARowsButtonActionIsNoStaleRead() {
        let text = """
        final class SensorState: ObservableObject, Identifiable {
            let id = UUID()
            @Published var name = ""
        }
        final class SensorPairingViewModel: ObservableObject {
            @Published private(set) var sensors: [SensorState] = []
        }
        struct SensorListView: View {
            @ObservedObject var model: SensorPairingViewModel
            @State private var newName = ""
            var body: some View {
                List {
                    ForEach(model.sensors) { sensor in
                        SensorRowView(sensor: sensor)
                            .swipeActions { Button("Rename") { newName = sensor.name } }
                    }
                }
            }
        }
        struct SensorRowView: View {
            @ObservedObject var sensor: SensorState
            var body: some View { Text(sensor.name) }
        }
        """
        XCTAssertEqual(places(NestedObservableObjectRule.self, [(path: "A.swift", text: text)]), [])
        let drawn = text.replacingOccurrences(of: "SensorRowView(sensor: sensor)\n", with: "Text(sensor.name)\n")
        XCTAssertEqual(places(NestedObservableObjectRule.self, [(path: "A.swift", text: drawn)]), ["A.swift:6:33"])
    }
}
