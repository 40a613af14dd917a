import XCTest
@testable import CombineLintKit

/// Idioms found by the round-14 probes (a UIKit marina booking app with coordinators, a SwiftUI
/// plant care app with representables and sensor streams).
final class CoreRulesRound14Tests: XCTestCase {
    // MARK: repeated_subscription: a view model's collection state named like the repository's publisher

    /// `@Published var plants: [Plant]` of the view model is a list, never a publisher, so it does not
    /// hide that every implementation of the store's `plants` hands on a subject (never finishes). The
    /// `catalog` property of the same store is a `Just`: loading it on each appearance leaves nothing.
    func testCollectionStateNamedLikeThePublisherDoesNotHideIt() {
        let text = """
        import SwiftUI
        import Combine

        protocol PlantStore: AnyObject {
            var plants: AnyPublisher<[Plant], Never> { get }
            var catalog: AnyPublisher<[Plant], Never> { get }
        }

        final class LocalPlantStore: PlantStore {
            private let storage = CurrentValueSubject<[Plant], Never>([])
            var plants: AnyPublisher<[Plant], Never> { storage.eraseToAnyPublisher() }
            var catalog: AnyPublisher<[Plant], Never> { Just([]).eraseToAnyPublisher() }
        }

        final class GardenModel: ObservableObject {
            @Published private(set) var plants: [Plant] = []
            @Published private(set) var catalog: Array<Plant> = []
            private let store: PlantStore
            private var cancellables = Set<AnyCancellable>()

            init(store: PlantStore) { self.store = store }

            func startObserving() {
                store.plants
                    .sink { [weak self] in self?.plants = $0 }
                    .store(in: &cancellables)
            }

            func loadCatalog() {
                store.catalog
                    .sink { [weak self] in self?.catalog = $0 }
                    .store(in: &cancellables)
            }
        }

        struct GardenView: View {
            @StateObject var model: GardenModel

            var body: some View {
                List(model.plants) { Text($0.name) }
                    .onAppear {
                        model.startObserving()
                        model.loadCatalog()
                    }
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["26:14"])
    }
}
