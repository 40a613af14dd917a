import XCTest
@testable import CombineLintKit

/// Idioms found by the round-25 probes of the default rules (a music streaming app, a field-service
/// app with a macOS console).
final class DefaultRulesRound25Tests: XCTestCase {
    /// An upload subscribed here and then returned is subscribed again by the caller, however the
    /// first subscription's closures are written: an `if case` or a `return` inside them keeps
    /// nothing apart. A `return` in the code between the two does.
    func testRequestReturnedAfterASubscriptionWithCaseInItsClosure() {
        let text = """
        final class UploadService {
            private let session = URLSession.shared
            private var bag = Set<AnyCancellable>()
            func uploadProof(_ data: Data) -> AnyPublisher<Data, Error> {
                let upload = session.dataTaskPublisher(for: URL(string: "https://example.com")!).map(\\\\.data).mapError { $0 as Error }
                upload
                    .sink(receiveCompletion: { completion in
                        if case .failure(let error) = completion { print("upload failed: \\\\(error)") }
                    }, receiveValue: { _ in })
                    .store(in: &bag)
                return upload.eraseToAnyPublisher()
            }
            func uploadOnce(_ data: Data, cached: Bool) -> AnyPublisher<Data, Error> {
                let upload = session.dataTaskPublisher(for: URL(string: "https://example.com")!).map(\\\\.data).mapError { $0 as Error }
                if cached {
                    upload.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                    return Empty().eraseToAnyPublisher()
                }
                return upload.eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["11:16"])
    }
}
