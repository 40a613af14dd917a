import XCTest
@testable import CombineLintKit

/// Code being typed, cut off or badly merged goes through every rule (opt-in ones too) without
/// a crash, and what is intact before the damage is still reported. `scripts/fuzz-lint.py` damages
/// real files the same ways at random; the inputs here are the shapes it found or that matter most.
final class DamagedSourceTests: XCTestCase {
    private let everyRule = RuleRegistry.all.map { ConfiguredRule(rule: $0.init()) }

    private func analyze(_ text: String) -> [Finding] {
        Analyzer.analyze([SourceFile(path: "Damaged.swift", text: text)], rules: everyRule)
    }

    /// A view model with the constructs the rules look into: sinks, guards, tasks, subjects.
    private let model = """
    import Combine

    final class FeedModel: ObservableObject {
        @Published var items: [String] = []
        var task: Task<Void, Never>?
        private var bag = Set<AnyCancellable>()
        let refresh = PassthroughSubject<Void, Never>()

        func bind() {
            refresh.sink { _ in
                self.items = []
            }.store(in: &bag)
            $items.sink { [weak self] items in
                guard let self, self.task == nil else { return }
                if items.isEmpty {
                    Task { await self.load() }
                }
            }.store(in: &bag)
        }

        func load() async {}
    }

    """

    func testAGuardWhoseElseBraceIsNeverClosedInsideASinkIsNoCrash() {
        // Found by scripts/fuzz-lint.py: the create-once guard check read an unmatched brace's end.
        // What can be told still is: the sink's cancellable is dropped, and the task is not kept.
        XCTAssertEqual(analyze("p.sink{guard else{Task{await").map { "\($0.ruleID) \($0.line):\($0.column)" },
                       ["discarded_cancellable 1:3", "unstored_task_in_sink 1:19"])
        XCTAssertEqual(analyze("p.sink { if task == nil { Task { }").map { "\($0.ruleID) \($0.line):\($0.column)" },
                       ["discarded_cancellable 1:3"])
    }

    func testEveryPrefixOfAModelGoesThroughEveryRule() {
        let bytes = Array(model.utf8)
        for end in stride(from: 0, through: bytes.count, by: 3) {
            _ = Analyzer.analyze([SourceFile(path: "Damaged.swift", bytes: Array(bytes[0..<end]))], rules: everyRule)
        }
    }

    func testDamageAfterASubscriptionLeavesItsFindingInPlace() {
        let whole = analyze(model).filter { $0.ruleID == StrongSelfCaptureRule.description.id }
        XCTAssertEqual(whole.map { "\($0.line):\($0.column)" }, ["11:13"])
        // The file cut off inside the second sink, and brackets of every kind left open after it.
        let cut = String(model[..<model.range(of: "if items.isEmpty")!.lowerBound])
        for tail in ["", "{ ( [ <", "\"unterminated", "/* open comment", "#if DEBUG", "} } } }"] {
            let damaged = analyze(cut + tail).filter { $0.ruleID == StrongSelfCaptureRule.description.id }
            XCTAssertEqual(damaged.map { "\($0.line):\($0.column)" }, ["11:13"], "tail \(tail)")
        }
    }

    func testDeepNestingAndLongLinesGoThroughEveryRule() {
        let nested = "let x = " + String(repeating: "(", count: 3000) + "1" + String(repeating: ")", count: 3000) + "\n"
        let closures = "p" + String(repeating: ".sink { _ in q", count: 500) + String(repeating: " }", count: 500) + "\n"
        let unclosed = "func f() {" + String(repeating: " if a {", count: 2000) + "\n"
        for text in [nested, closures, unclosed, String(repeating: "self.", count: 20000)] {
            _ = analyze(text)
        }
    }
}
