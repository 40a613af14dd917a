import XCTest
@testable import CombineLintKit

/// Functions passed to a subscription by name: a method written with its argument labels, and a
/// function declared inside the method (issue #13 probes).
final class StrongSelfCaptureFunctionReferenceTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: StrongSelfCaptureRule.self, in: files).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
    }

    /// `self.handle(_:)` and `handle(_:)` name the method as `self.handle` does, bound to `self`; so
    /// does `chapterName(for:)`, whose label is a keyword, upstream of `assign(to: &$chapter)`.
    func testMethodReferenceWithArgumentLabelsHoldsSelf() {
        let text0 = """
        final class InboxModel: ObservableObject {
            @Published var chapter = ""
            private var bag = Set<AnyCancellable>()
            init(values: PassthroughSubject<Int, Never>, names: PassthroughSubject<String, Never>) {
                values.sink(receiveValue: self.handle(_:)).store(in: &bag)
                names.sink(receiveValue: show(name:)).store(in: &bag)
                values.map(chapterName(for:)).assign(to: &$chapter)
                values.map(String.init(describing:)).assign(to: &$chapter)
            }
            private func handle(_ value: Int) {}
            private func show(name: String) {}
            private func chapterName(for value: Int) -> String { "" }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:5:35", "A.swift:6:34", "A.swift:7:20"])
    }

    /// A local function that uses `self` (written, or through a bare member name) captures it strongly;
    /// one that uses only its parameters does not.
    func testLocalFunctionUsingSelfHoldsSelf() {
        let text0 = """
        final class CounterModel {
            private var bag = Set<AnyCancellable>()
            private var total = 0
            func start(_ values: PassthroughSubject<Int, Never>, _ more: PassthroughSubject<Int, Never>, _ logs: PassthroughSubject<Int, Never>) {
                func add(_ value: Int) { total += value }
                func addExplicitly(_ value: Int) { self.total += value }
                func log(_ value: Int) { print(value) }
                values.sink(receiveValue: add).store(in: &bag)
                more.sink(receiveValue: addExplicitly).store(in: &bag)
                logs.sink(receiveValue: log).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:8:35", "A.swift:9:33"])
    }

    func testLocalFunctionMessageNamesTheFunction() {
        let text = """
        final class CounterModel {
            private var bag = Set<AnyCancellable>()
            private var total = 0
            func start(_ values: PassthroughSubject<Int, Never>) {
                func add(_ value: Int) { total += value }
                values.sink(receiveValue: add).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).map(\.message),
                       ["The local function `add` uses `self`, so passing it holds `self` strongly, and `self` keeps its subscription in `bag`: a retain cycle."])
    }
}
