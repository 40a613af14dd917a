import XCTest
@testable import CombineLintKit

/// Idioms found by the round-23 probes of the default rules (an old banking app, a logistics app).
final class DefaultRulesRound23Tests: XCTestCase {
    /// A subscription made in the closure of a pipeline that answers once is made once: a zip of
    /// two one-answer requests answers once, and a `CaseIterable` type's `allCases.publisher` gives
    /// all its values while `sink` runs. A zip with a subject's values is made per value.
    func testNestedSinkUnderAZipOfRequestsOrTheCasesOfAType() {
        let text = """
        final class RouteService {
            func customer(for id: String) -> AnyPublisher<Customer, Error> {
                Deferred { Future { promise in self.fetch(id) { promise(.success($0)) } } }.eraseToAnyPublisher()
            }
            func manifest(for id: String) -> AnyPublisher<Manifest, Error> {
                Deferred { Future { promise in self.fetch(id) { promise(.success($0)) } } }.eraseToAnyPublisher()
            }
        }
        final class ProofModel: ObservableObject {
            private let routes = RouteService()
            private let picks = PassthroughSubject<String, Never>()
            private var bag = Set<AnyCancellable>()
            @Published var name = ""
            func load(id: String) {
                Publishers.Zip(routes.customer(for: id), routes.manifest(for: id))
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] customer, manifest in
                        guard let self else { return }
                        self.routes.customer(for: manifest.id)
                            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.name = $0.name })
                            .store(in: &self.bag)
                    })
                    .store(in: &bag)
                Section.allCases.publisher
                    .sink { [weak self] section in
                        guard let self else { return }
                        self.picks.filter { $0 == section.rawValue }
                            .sink { [weak self] in self?.name = $0 }
                            .store(in: &self.bag)
                    }
                    .store(in: &bag)
                Publishers.Zip(picks, routes.manifest(for: id))
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] pick, manifest in
                        guard let self else { return }
                        self.routes.customer(for: pick)
                            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.name = $0.name })
                            .store(in: &self.bag)
                    })
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: NestedSinkRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["35:22"])
    }
}
