import XCTest
@testable import CombineLintKit

final class ErrorHandlingOutsideFlatMapRuleTests: XCTestCase {
    func testRangeCoversTheHandlerAndMessageNamesIt() {
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: """
        $query
            .flatMap { api.search($0) }
            .replaceError(with: [])
            .assign(to: &$results)
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["3:6-3:28"])
        XCTAssertEqual(found.first?.message, "`replaceError` after `flatMap` comes too late: the first failed inner publisher ends this never-finishing pipeline for good.")
        XCTAssertEqual(found.first?.help, "Handle the error inside the `flatMap` closure, on the inner publisher: `request(…).replaceError(with: …)`.")
    }

    /// `switchToLatest` takes no closure: the help points at the `map` that builds the inner publishers.
    func testHelpAfterSwitchToLatestNamesTheMap() throws {
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: """
        $query
            .map { api.search($0) }
            .switchToLatest()
            .catch { _ in Just([]) }
            .assign(to: &$results)
        """)])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(finding.message, "`catch` after `switchToLatest` comes too late: the first failed inner publisher ends this never-finishing pipeline for good.")
        XCTAssertEqual(finding.help, "Handle the error in the `map` that builds each inner publisher: `.map { request($0).catch { … } }.switchToLatest()`.")
    }

    /// A pipeline that goes on from a local starts where the local's value does: a local holding
    /// `Publishers.CombineLatest` of subjects never finishes; one holding a request does.
    func testSourceKeptInALocalIsFollowed() {
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: """
        final class SearchModel {
            struct Input {
                let search = PassthroughSubject<String, Never>()
                let category = CurrentValueSubject<String, Never>("All")
            }
            let input = Input()
            func transform() -> AnyPublisher<[Recipe], Never> {
                let query = Publishers.CombineLatest(input.search.removeDuplicates(), input.category)
                let typed = query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
                let once = URLSession.shared.dataTaskPublisher(for: url).map(\\.data)
                once.flatMap { decode($0) }.replaceError(with: []).sink { _ in }.store(in: &bag)
                return typed
                    .flatMap { api.search($0, $1) }
                    .replaceError(with: [])
                    .eraseToAnyPublisher()
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:14"])
    }

    func testInfinitePublishersOption() {
        let text = "events\n    .flatMap { api.send($0) }\n    .catch { _ in Empty() }\n    .sink { _ in }\n"
        let source = [SourceFile(path: "A.swift", text: text)]
        let plain = Analyzer.analyze(source, rules: [ConfiguredRule(rule: ErrorHandlingOutsideFlatMapRule())])
        XCTAssertEqual(plain.count, 0)
        let configured = Analyzer.analyze(source, rules: [ConfiguredRule(rule: ErrorHandlingOutsideFlatMapRule(), options: RuleOptions(["infinite_publishers": ["events"]]))])
        XCTAssertEqual(configured.map { "\($0.line):\($0.column)" }, ["3:6"])
    }

    func testSubjectKnownFromAnotherFilesDeclaration() {
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [
            (path: "A.swift", text: "model.reload.map { api.load() }.switchToLatest().replaceError(with: nil).sink { _ in }\n"),
            (path: "B.swift", text: "final class Model { let reload = CurrentValueSubject<Void, Never>(()) }\n"),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:1:50"])
    }

    func testClosureParameterDollarZeroIsNotAProjectedProperty() {
        XCTAssertEqual(findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: "items.forEach { $0.flatMap { load($0) }.replaceError(with: 0).sink { _ in } }\n")]).count, 0)
    }

    /// Inner publishers that cannot fail (an item's KVO status, a `$property`) cannot end the
    /// outer pipeline: a `catch` after `switchToLatest` handles the `tryMap` after it, which
    /// `throwing_operator_on_endless_source` reports. A request inside still can fail.
    func testInnerPublishersThatCannotFail() {
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: """
        player.publisher(for: \\.currentItem)
            .compactMap { $0 }
            .map { item in item.publisher(for: \\.status) }
            .switchToLatest()
            .tryMap { status -> Status in if status == .failed { throw PlayError.failed }; return status }
            .catch { _ in Just(.failed) }
            .sink { _ in }
        $query
            .map { q in api.search(q).map { $0.count } }
            .switchToLatest()
            .catch { _ in Just(0) }
            .sink { _ in }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["11:6"])
    }

    /// A publisher extension of the project that returns `self` through `catch` (`ignoreFailure()`)
    /// handles errors where it is called: after `flatMap` on endless events it ends them at the first
    /// failure; inside the `flatMap` closure it keeps them going. An extension that only hops to main,
    /// and a same-named method of another type, handle nothing.
    func testProjectOperatorThatCatchesIsAnErrorHandler() {
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "Publisher+App.swift", text: """
        extension Publisher {
            /// Drops the failure: `catch` and `replaceError` stop the stream.
            func ignoreFailure() -> AnyPublisher<Output, Never> {
                self.catch { _ in Empty<Output, Never>() }
                    .eraseToAnyPublisher()
            }
            func receiveOnMain() -> AnyPublisher<Output, Failure> {
                receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
        }
        final class Retrier {
            func skip() -> Retrier { self }
        }
        """), (path: "Importer.swift", text: """
        final class Importer {
            let events = PassthroughSubject<URL, Never>()
            private var bag = Set<AnyCancellable>()

            func start(converter: Converter) {
                events
                    .flatMap { converter.convert($0) }
                    .ignoreFailure()
                    .sink { print($0) }
                    .store(in: &bag)
                events
                    .flatMap { converter.convert($0).ignoreFailure() }
                    .sink { print($0) }
                    .store(in: &bag)
                events
                    .flatMap { converter.convert($0) }
                    .receiveOnMain()
                    .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
                    .store(in: &bag)
                let note = "events.flatMap { convert($0) }.ignoreFailure()"
                print(note)
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Importer.swift:8:14"])
        XCTAssertEqual(found.first?.message, "`ignoreFailure` after `flatMap` comes too late: the first failed inner publisher ends this never-finishing pipeline for good.")
        XCTAssertEqual(found.first?.help, "Handle the error inside the `flatMap` closure, on the inner publisher: `request(…).ignoreFailure(…)`.")
    }
}
