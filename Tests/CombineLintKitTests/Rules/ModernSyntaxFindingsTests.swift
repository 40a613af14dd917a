import XCTest
@testable import CombineLintKit

/// Findings on Swift 5.9–6 code, where a misreading of the syntax once hid a bug or raised a
/// false alarm (the syntax layer's fixes, seen from the rules).
final class ModernSyntaxFindingsTests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ text: String) -> [String] {
        findings(of: rule, in: [(path: "Sources/App/A.swift", text: text)]).map { "\($0.ruleID):\($0.line):\($0.column)" }
    }

    /// An operator declared as `func /(…)` was lexed as a regex up to the next `/`: the type's
    /// braces no longer matched, and the class after it was not read as one.
    func testOperatorDeclaredWithSlashLeavesTheNextTypeIntact() {
        let text = """
        extension Vec {
            static func /(lhs: Vec, rhs: Double) -> Vec { Vec(x: lhs.x/rhs, y: lhs.y/rhs) }
        }
        final class Screen {
            var bag = Set<AnyCancellable>()
            func bind(_ p: AnyPublisher<Int, Never>) {
                p.sink { v in self.value = v }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["strong_self_capture:7:23"])
    }

    /// `repeat each T` made the function's body a closure, and the `sink` its implicit result.
    func testParameterPackFunctionStillDropsItsCancellable() {
        let text = """
        final class Loader {
            func packOnly<each T>(_ values: repeat each T) {
                events.sink { v in print(v) }
            }
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), ["discarded_cancellable:3:16"])
    }

    /// `#if os(iOS)` / `.receive(on: DispatchQueue.main)` / `#elseif os(macOS)` /
    /// `.receive(on: RunLoop.main)` / `#endif`: one hop per platform, not two in a row. The
    /// macOS branch is still read: its `RunLoop.main` is reported.
    func testReceiveOnInEachBranchOfAnIfIsNotAHopTooMany() {
        let text = """
        final class Screen {
            var bag = Set<AnyCancellable>()
            func bind() {
                model.$count
                    #if os(iOS)
                    .receive(on: DispatchQueue.main)
                    #elseif os(macOS)
                    .receive(on: RunLoop.main)
                    #endif
                    .sink { [weak self] value in self?.show(value) }
                    .store(in: &bag)
                model.$count
                    .receive(on: DispatchQueue.main)
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] value in self?.show(value) }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(MultipleReceiveOnRule.self, text), ["multiple_receive_on:14:14"])
        XCTAssertEqual(positions(RunLoopMainSchedulerRule.self, text), ["runloop_main_scheduler:8:26"])
    }

    /// A `sink` in each branch, stored after `#endif`: neither is dropped.
    func testSinkInEachBranchStoredAfterTheBlock() {
        let text = """
        func bind() {
            publisher
            #if DEBUG
                .sink { print($0) }
            #else
                .sink { _ in }
            #endif
                .store(in: &bag)
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), [])
    }

    /// A `sink` that is a branch of a `switch` passed to `bag.insert(…)` is kept, not dropped; one
    /// in an `if` statement is dropped.
    func testSinkAsTheValueOfASwitchOrIfExpressionIsKept() {
        let text = """
        final class Feed {
            var bag = Set<AnyCancellable>()
            func bind(kind: Int, flag: Bool) {
                bag.insert(switch kind {
                    case 0: events.sink { v in print(v) }
                    default: events.sink { _ in }
                })
                let c = if flag { events.sink { v in print(v) } } else { other.sink { _ in } }
                c.store(in: &bag)
                if flag { events.sink { v in print(v) } }
            }
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), ["discarded_cancellable:10:26"])
    }

    /// `extension Outer<Int>.Inner` extends the nested class, which keeps its own subscriptions.
    func testExtensionOfANestedGenericTypeKnowsItIsAClass() {
        let text = """
        struct Outer<T> {
            final class Inner {
                var bag = Set<AnyCancellable>()
                var value = 0
            }
        }
        extension Outer<Int>.Inner {
            func bind(_ p: AnyPublisher<Int, Never>) {
                p.sink { v in self.value = v }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["strong_self_capture:9:23"])
    }
}
