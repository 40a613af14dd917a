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
}
