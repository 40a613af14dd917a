import XCTest
@testable import CombineLintKit

final class FutureWithoutDeferredRuleTests: XCTestCase {
    private func run(_ text: String, _ more: [(path: String, text: String)] = []) -> [Finding] {
        findings(of: FutureWithoutDeferredRule.self, in: [(path: "A.swift", text: text)] + more)
    }

    func testSeverityIsErrorOnlyWhenRetried() {
        let found = run("""
        func a() -> Future<Int, Error> { Future { $0(.success(1)) } }
        func b() -> AnyPublisher<Int, Error> { Future { $0(.success(1)) }.retry(1).eraseToAnyPublisher() }
        """)
        XCTAssertEqual(found.map { "\($0.line):\($0.column) \($0.severity)" }, ["1:34 warning", "2:40 error"])
        XCTAssertTrue(found[1].message.hasPrefix("`retry` resubscribes to this `Future`"))
        XCTAssertEqual(found[0].message, "`Future` runs its closure as soon as it is created, before (or without) any subscriber, and every subscriber shares its one cached result; create it inside `Deferred { Future { … } }` so the work starts on subscription.")
    }

    func testOnlyATopLevelFutureTypeOfTheProjectShadowsCombines() {
        let eager = "func load() -> Future<Int, Never> { Future { p in p(.success(1)) } }\n"
        let nested = "extension Publishers { struct Future<U: Publisher>: Publisher {} }\n"
        XCTAssertEqual(run(eager, [(path: "B.swift", text: nested)]).map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:1:37"])
        let own = "final class Future<Value> { init(_ work: () -> Value) {} }\n"
        XCTAssertEqual(run(eager, [(path: "B.swift", text: own)]).count, 0)
    }

    func testCallSitesInAnotherFileDecide() {
        let service = """
        final class Service {
            func load() -> Future<Int, Never> {
                Future { promise in promise(.success(1)) }
            }
        }
        """
        // Every call site is inside Deferred: quiet.
        XCTAssertEqual(run(service, [(path: "B.swift", text: "let p = Deferred { service.load() }\n")]).count, 0)
        // One call site is eager: reported, at the Future in the service.
        let eager = run(service, [(path: "B.swift", text: "let p = Deferred { service.load() }\nlet q = service.load()\n")])
        XCTAssertEqual(eager.map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:3:9"])
        // A retried call site makes it an error even though it is lazy elsewhere.
        let retried = run(service, [(path: "B.swift", text: "let p = Deferred { service.load() }\nlet q = service.load().retry(2)\n")])
        XCTAssertEqual(retried.map(\.severity), [.error])
    }

    func testMapWithoutSwitchToLatestIsStillEager() {
        let found = run("""
        let nested = $query.map { q in Future<Int, Never> { p in p(.success(q.count)) } }
        """)
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["1:32"])
    }

    func testTypeOnlyUsesAndGenericArgumentsAreQuiet() {
        XCTAssertEqual(run("""
        var futures: [Future<Int, Never>] = []
        let d = Deferred<Future<Int, Never>> { Future { $0(.success(1)) } }
        func f(_ x: Future<Int, Never>) -> Future<Int, Never> { x }
        let cast = p as? Future<Int, Never>
        """).count, 0)
    }

    func testFixWrapsOnlyWhenErased() {
        let text = "func f() -> AnyPublisher<Int, Never> {\n    Future { $0(.success(1)) }.eraseToAnyPublisher()\n}\n"
        let found = run(text)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(applying(found[0].fix?.edits ?? [], to: text), "func f() -> AnyPublisher<Int, Never> {\n    Deferred { Future { $0(.success(1)) } }.eraseToAnyPublisher()\n}\n")
        XCTAssertNil(run("let f = Future<Int, Never> { $0(.success(1)) }\n").first?.fix)
    }
}
