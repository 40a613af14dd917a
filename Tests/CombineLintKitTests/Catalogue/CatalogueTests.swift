import XCTest
@testable import CombineLintKit

/// The catalogue's sets, and the rule behaviour that changed when drifted copies became one set.
final class CatalogueTests: XCTestCase {
    func testNamedOperatorSetsComeFromTheTable() {
        let named: [(Set<String>, OperatorTraits)] = [
            (Catalogue.pipelineOperators, .pipelineOperator), (Catalogue.combiningOperators, .combining),
            (Catalogue.sameThreadOperators, .sameThread), (Catalogue.publisherOnlyOperators, .publisherOnly),
            (Catalogue.oneShotOperators, .oneShot), (Catalogue.singleValueOperators, .singleValue),
        ]
        for (set, trait) in named {
            XCTAssertFalse(set.isEmpty)
            XCTAssertEqual(set, Set(Catalogue.operators.keys.filter { Catalogue.operators[$0]!.contains(trait) }))
        }
        XCTAssertEqual(Catalogue.lazyClosureCalls, ["Deferred", "flatMap", "catch", "tryCatch"])
    }

    func testSetsThatDifferOnPurpose() {
        // `removeDuplicates` shapes input but is no evidence of Combine: sequences have it too.
        XCTAssertTrue(Catalogue.inputShapers.contains("removeDuplicates"))
        XCTAssertFalse(Catalogue.publisherOnlyOperators.contains("removeDuplicates"))
        // A zip finishes with its first finished input; a merge or combineLatest lives on.
        XCTAssertFalse(Catalogue.combinersLivingAsLongAsAnyInput.contains { $0.hasPrefix("Zip") })
        XCTAssertTrue(Catalogue.combinersLivingAsLongAsAnyInput.isSuperset(of: ["Merge", "Merge8", "MergeMany", "CombineLatest4"]))
        // `merge` emits without waiting for every input.
        XCTAssertFalse(Catalogue.waitingCombiners.contains("merge"))
        // `prefix(3)` ends a pipeline after three values; `count` emits one value, when the upstream ends.
        XCTAssertTrue(Catalogue.oneShotOperators.contains("prefix"))
        XCTAssertFalse(Catalogue.singleValueOperators.contains("prefix"))
    }

    func testCallbackSetsAreOne() {
        XCTAssertEqual(Catalogue.repeatedCallbacks, Catalogue.appearanceCallbacks.union(Catalogue.layoutCallbacks).union(Catalogue.stateChangeCallbacks))
        // A window change repeats (each push over the view and pop back); it is no run-once callback.
        XCTAssertTrue(Catalogue.stateChangeCallbacks.contains("didMoveToWindow"))
        XCTAssertTrue(Catalogue.onceCallbacks.isDisjoint(with: Catalogue.repeatedCallbacks))
        XCTAssertEqual(Catalogue.pairedResets, Catalogue.disappearCallbacks.union(["prepareForReuse"]))
        XCTAssertTrue(Catalogue.firstAppearanceFlags.isDisjoint(with: ["isBeingPresentedViewController"]))
    }

    // MARK: - Behaviour of the unified sets

    /// store_in_appearance and repeated_subscription share the layout callbacks (store_in_appearance lacked the last three).
    func testStoreInAppearanceKnowsEveryLayoutCallback() {
        let text = """
        final class Badge: UIView {
            override func updateConstraints() {
                super.updateConstraints()
                model.$x.sink { _ in }.store(in: &bag)
            }
        }
        final class Screen: UIViewController {
            override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                model.$x.sink { _ in }.store(in: &bag)
            }
            override func updateViewConstraints() {
                model.$y.sink { _ in }.store(in: &bag)
            }
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map(\.line), [4, 9, 12])
        XCTAssertTrue(found[0].message.hasPrefix("Every layout pass (`updateConstraints`)"), found[0].message)
    }

    /// print_operator and flatmap_without_switch share the publisher-only operators.
    func testPublisherOnlyOperatorsAreShared() {
        let printed = "let doubled = [1, 2, 3].publisher.map { $0 * 2 }.print(\"doubled\")"
        XCTAssertEqual(findings(of: PrintOperatorRule.self, in: [(path: "A.swift", text: printed)]).map(\.column), [50])
        let flattened = """
        let cities = input.replaceNil(with: "").removeDuplicates().flatMap { lookup.city(for: $0) }
        let tags = posts.map(\\.tags).removeDuplicates().flatMap { $0 }
        """
        XCTAssertEqual(findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: flattened)]).map(\.line), [1])
    }

    /// error_handling_outside_flatmap reads the inner publishers from `tryMap` too, like future_without_deferred.
    func testTryMapBeforeSwitchToLatestMakesTheInnerPublishers() {
        let text = """
        final class Search {
            @Published var query = ""
            func bind() {
                $query
                    .tryMap { query in api.search(query).catch { _ in Just([]) } }
                    .switchToLatest()
                    .replaceError(with: [])
                    .sink { _ in }
                    .store(in: &bag)
                $query
                    .tryMap { query in api.search(query) }
                    .switchToLatest()
                    .replaceError(with: [])
                    .sink { _ in }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: text)]).map(\.line), [13])
    }

    /// `Publishers.Merge5`…`Merge8` live as long as any input, like `Merge4`.
    func testMergeOfFiveNeverFinishesWithANeverFinishingInput() {
        let text = """
        Publishers.Merge5(a.$x, b.$x, c.$x, d.$x, e.$x)
            .flatMap { api.load($0) }
            .replaceError(with: 0)
            .sink { _ in }
        """
        XCTAssertEqual(findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: text)]).map(\.line), [3])
    }

    /// A local handed to CombineExt's `amb` is part of the subscription (assign_to_self already knew `amb`).
    func testLocalPassedToAmbIsPartOfThePipeline() {
        let text = """
        final class Feed {
            var bag = Set<AnyCancellable>()
            func bind() {
                let fallback = cache.$items.map { self.decorate($0) }
                live.$items.amb(fallback).sink { [weak self] in self?.show($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).map(\.line), [4])
    }
}
