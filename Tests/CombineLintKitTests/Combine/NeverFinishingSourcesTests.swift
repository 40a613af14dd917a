import XCTest
@testable import CombineLintKit

/// `NeverFinishingSources`: which pipelines start from a publisher that never finishes.
final class NeverFinishingSourcesTests: XCTestCase {
    /// Two properties that merge each other (through operators, so each input is a chain of its
    /// own) are judged without following one back into the other: the answer comes, and it is the
    /// subject they both merge. (Following the inputs through properties again recursed until the
    /// stack ran out.)
    func testPropertiesMergingEachOtherAreJudgedWithoutEndlessRecursion() {
        let text = """
        final class Feed {
            let subject = PassthroughSubject<Int, Never>()
            var a: AnyPublisher<Int, Never> { Publishers.Merge(b.map { $0 + 1 }, subject).eraseToAnyPublisher() }
            var b: AnyPublisher<Int, Never> { Publishers.Merge(a.map { $0 - 1 }, subject).eraseToAnyPublisher() }
            var c: AnyPublisher<Int, Never> { Publishers.Merge(b.map { $0 }, Just(1)).eraseToAnyPublisher() }
            func bind() {
                a.tryMap { try check($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                c.tryMap { try check($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:11"])
    }

    /// A method called through a protocol is what the app's conformers return: the requirement has
    /// no body, and a test double's subject stands in for the app's only in tests.
    func testAProtocolMethodIsWhatItsConformersReturn() {
        let api = """
        protocol ChatServicing: AnyObject {
            func messages(in id: String) -> AnyPublisher<[Message], Never>
            func history(in id: String) -> AnyPublisher<[Message], Error>
        }
        final class SocketChatService: ChatServicing {
            private let byConversation = CurrentValueSubject<[String: [Message]], Never>([:])
            func messages(in id: String) -> AnyPublisher<[Message], Never> { byConversation.map { $0[id] ?? [] }.eraseToAnyPublisher() }
            func history(in id: String) -> AnyPublisher<[Message], Error> { URLSession.shared.dataTaskPublisher(for: url(id)).map { _ in [] }.mapError { $0 }.eraseToAnyPublisher() }
        }
        """
        let screen = """
        final class ConversationModel {
            let service: ChatServicing
            func bind(id: String) {
                service.messages(in: id).tryMap { try check($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                service.history(in: id).tryMap { try check($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "API.swift", text: api), (path: "Model.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line)" }, ["Model.swift:4"])
    }

    /// `Just(id).flatMap { _ in feed.$items }`: flattened into a publisher that never finishes, the
    /// pipeline never does, whatever its source gives. An inner one with a value limit, an inner
    /// request, or a limit after the `flatMap` finishes.
    func testFlatteningIntoANeverFinishingPublisher() {
        let index = ProjectIndex(files: [SourceFile(path: "A.swift", text: """
        final class Feed {
            @Published var items: [Int] = []
            func bind() {
                Just(1).flatMap { _ in self.$items }.sink { print($0) }
                Just(1).flatMap { _ in self.$items.first() }.sink { print($0) }
                Just(1).flatMap { _ in URLSession.shared.dataTaskPublisher(for: url) }.sink { print($0) }
                Just(1).flatMap { _ in self.$items }.first().sink { print($0) }
                [1, 2].publisher.flatMap { id -> AnyPublisher<[Int], Never> in
                    if id > 1 { return self.$items.eraseToAnyPublisher() }
                    return self.$items.map { $0.reversed() }.eraseToAnyPublisher()
                }.sink { print($0) }
            }
        }
        """)], jobs: 1)
        let tree = index.trees[0]
        let sinks = tree.chains.filter { $0.elements.last?.name == "sink" }
        XCTAssertEqual(sinks.map { chain in
            NeverFinishingSources.startsNeverFinishing(chain, before: chain.elements.count - 1, tree: tree, index: index, extraNames: [])
        }, [true, false, false, false, true])
    }

    /// `Publishers.MergeMany(rooms.map { pricing.price(for: $0) })`: the publishers a collection's
    /// `map` makes are the merge's inputs; it never finishes when they never do. Requests, or inputs
    /// cut by `first()`, finish.
    func testMergeManyOfAMappedCollection() {
        let index = ProjectIndex(files: [SourceFile(path: "A.swift", text: """
        final class Rooms {
            let prices = CurrentValueSubject<[Int: Int], Never>([:])
            func bind(_ rooms: [Int]) {
                Publishers.MergeMany(rooms.map { id in self.prices.map { $0[id] } }).sink { print($0) }
                Publishers.MergeMany(rooms.map { id in self.prices.first() }).sink { print($0) }
                Publishers.MergeMany(rooms.map { URLSession.shared.dataTaskPublisher(for: url($0)) }).sink { print($0) }
            }
        }
        """)], jobs: 1)
        let tree = index.trees[0]
        let sinks = tree.chains.filter { $0.elements.last?.name == "sink" }
        XCTAssertEqual(sinks.map { chain in
            NeverFinishingSources.startsNeverFinishing(chain, before: chain.elements.count - 1, tree: tree, index: index, extraNames: [])
        }, [true, false, false])
    }

    /// `stream.map { … }.combineLatest(timer)` and `.merge(with: $edits)`: they finish only when
    /// every input does, so a repeating timer or a `$property` among the inputs keeps them alive,
    /// whatever the first input is. `zip` ends with its shortest input; a `first()` after the
    /// operator ends it too.
    func testCombiningWithANeverFinishingInput() {
        let index = ProjectIndex(files: [SourceFile(path: "A.swift", text: """
        final class Card {
            @Published var edits = 0
            func bind(_ stream: AnyPublisher<Int, Never>) {
                stream.map { $0 + 1 }.combineLatest(Timer.publish(every: 60, on: .main, in: .common).autoconnect()).sink { print($0) }
                stream.merge(with: $edits).sink { print($0) }
                stream.zip($edits).sink { print($0) }
                stream.combineLatest($edits).first().sink { print($0) }
            }
        }
        """)], jobs: 1)
        let tree = index.trees[0]
        let sinks = tree.chains.filter { $0.elements.last?.name == "sink" }
        XCTAssertEqual(sinks.map { chain in
            NeverFinishingSources.startsNeverFinishing(chain, before: chain.elements.count - 1, tree: tree, index: index, extraNames: [])
        }, [true, true, false, false])
    }
}
