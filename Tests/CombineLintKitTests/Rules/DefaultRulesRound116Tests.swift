import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 116 (see the rule documents).
final class DefaultRulesRound116Tests: XCTestCase {
    private let bus = """
        final class AppEventBus {
            private let subject = PassthroughSubject<AppEvent, Never>()
            var publisher: AnyPublisher<AppEvent, Never> { subject.eraseToAnyPublisher() }
            func send(_ event: AppEvent) { subject.send(event) }
        }
        """

    /// `stationsResult.publisher` of a stored `Result` is `Result.Publisher`: one value or one failure,
    /// then the end. A project type's `publisher` property erasing a subject (the event bus) is not what
    /// it reads; the bus's own `publisher` still never finishes.
    func testAResultPropertysPublisherFinishes() {
        func text(source: String) -> String {
            """
            final class CachedStationAPI {
                var stationsResult: Result<[Station], Error> = .success([])
                var savedSelection: Station? = nil
                let bus: AppEventBus
                init(bus: AppEventBus) { self.bus = bus }
                func station(id: String) -> AnyPublisher<Station, Error> {
                    \(source)
                        .tryMap { stations in
                            guard let station = stations.first(where: { $0.id == id }) else { throw URLError(.fileDoesNotExist) }
                            return station
                        }
                        .eraseToAnyPublisher()
                }
            }
            """
        }
        let check = { (source: String) in
            places(ThrowingOperatorOnEndlessSourceRule.self,
                   [(path: "Bus.swift", text: self.bus), (path: "CachedStationAPI.swift", text: text(source: source))])
        }
        XCTAssertEqual(check("stationsResult.publisher"), [])
        XCTAssertEqual(check("self.stationsResult.publisher"), [])
        XCTAssertEqual(check("savedSelection.publisher.map { [$0] }"), [])
        XCTAssertEqual(check("bus.publisher.map { _ in [Station]() }"), ["CachedStationAPI.swift:8:14"])
    }

    /// An app-wide channel, a class holding only its shared instance and subjects, is a set of
    /// static subjects by another name: one that nothing sends into yet awaits its senders and is
    /// not reported. Without a shared instance, or once its own code sends into it, it is.
    func testASharedChannelsSubjectThatNothingSendsIntoIsNotReported() {
        func text(shared: String, extra: String = "") -> String {
            """
            final class AppEvents {
                \(shared)
                let revealJobs = PassthroughSubject<[UUID], Never>()
                let openFiles = PassthroughSubject<[URL], Never>()
            }
            \(extra)
            final class DropController {
                func drop(_ urls: [URL]) { AppEvents.shared.openFiles.send(urls) }
            }
            """
        }
        XCTAssertEqual(places(ExposedSubjectRule.self, [(path: "AppEvents.swift", text: text(shared: "static let shared = AppEvents()"))]), [])
        XCTAssertEqual(places(ExposedSubjectRule.self, [(path: "AppEvents.swift", text: text(shared: "static let shared: AppEvents = .init()"))]), [])
        XCTAssertEqual(places(ExposedSubjectRule.self, [(path: "AppEvents.swift", text: text(shared: "static var count = 0"))]),
                       ["AppEvents.swift:3:9"])
        let ownSend = "extension AppEvents {\n    func reveal(_ ids: [UUID]) { revealJobs.send(ids) }\n}"
        XCTAssertEqual(places(ExposedSubjectRule.self, [(path: "AppEvents.swift", text: text(shared: "static let shared = AppEvents()", extra: ownSend))]),
                       ["AppEvents.swift:3:9"])
    }
}
