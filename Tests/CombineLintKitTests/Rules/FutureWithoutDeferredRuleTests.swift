import XCTest
@testable import CombineLintKit

final class FutureWithoutDeferredRuleTests: XCTestCase {
    private func run(_ text: String, _ more: [(path: String, text: String)] = []) -> [Finding] {
        findings(of: FutureWithoutDeferredRule.self, in: [(path: "A.swift", text: text)] + more)
    }

    private func places(_ found: [Finding]) -> [String] { found.map { "\($0.file):\($0.line):\($0.column)" } }

    func testSeverityIsErrorOnlyWhenRetried() throws {
        let found = run("""
        func a() -> Future<Int, Error> { Future { $0(.success(1)) } }
        func b() -> AnyPublisher<Int, Error> { Future { $0(.success(1)) }.retry(1).eraseToAnyPublisher() }
        final class Screen { let kept = a() }
        """)
        XCTAssertEqual(found.map { "\($0.line):\($0.column) \($0.severity)" }, ["1:34 warning", "2:40 error"])
        XCTAssertEqual(try XCTUnwrap(found.last).message, "`retry` resubscribes to this `Future`, which replays its cached failure instead of running the work again.")
        XCTAssertEqual(found.first?.message, "This `Future` is kept in `kept`, but its closure ran once, at creation: every later subscriber gets that one cached result.")
        XCTAssertEqual(found.map(\.help), Array(repeating: "Create it inside `Deferred { Future { … } }` so that each subscription runs the work anew.", count: 2))
    }

    func testAFutureInACollectionLiteralNamesNoHolder() throws {
        let found = run("""
        final class Prefetcher {
            let jobs = [Future<Int, Never> { $0(.success(1)) }]
        }
        """)
        XCTAssertEqual(places(found), ["A.swift:2:17"])
        XCTAssertEqual(try XCTUnwrap(found.first).message, "This `Future` is kept in a collection, but its closure ran once, at creation: every later subscriber gets that one cached result.")
    }

    func testOnlyATopLevelFutureTypeOfTheProjectShadowsCombines() {
        let eager = "func load() -> Future<Int, Never> { Future { p in p(.success(1)) } }\nfinal class A { lazy var p = load() }\n"
        let nested = "extension Publishers { struct Future<U: Publisher>: Publisher {} }\n"
        XCTAssertEqual(places(run(eager, [(path: "B.swift", text: nested)])), ["A.swift:1:37"])
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
        // Every call site is inside Deferred, or subscribes at once: quiet.
        XCTAssertEqual(run(service, [(path: "B.swift", text: "let p = Deferred { service.load() }\nfunc f() { service.load().sink { _ in }.store(in: &bag) }\n")]).count, 0)
        // No call site at all: nothing shows the eager start.
        XCTAssertEqual(run(service).count, 0)
        // One call site keeps it: reported, at the Future in the service.
        let eager = run(service, [(path: "B.swift", text: "let p = Deferred { service.load() }\nlet q = service.load()\n")])
        XCTAssertEqual(places(eager), ["A.swift:3:9"])
        // A retried call site makes it an error even though it is lazy elsewhere.
        let retried = run(service, [(path: "B.swift", text: "let p = Deferred { service.load() }\nlet q = service.load().retry(2)\n")])
        XCTAssertEqual(retried.map(\.severity), [.error])
    }

    /// A Future made in place and subscribed twice right there shares its one run on purpose; one a
    /// function returns to a caller that subscribes twice is reported there, with the message that
    /// every subscriber shares the run.
    func testSharedBySubscribersInPlaceOrThroughAFunction() {
        let text = """
        final class Attachments {
            var bag = Set<AnyCancellable>()
            func verify(_ file: URL) {
                let checksum = Future<String, Never> { promise in
                    DispatchQueue.global().async { promise(.success(file.path)) }
                }
                checksum.sink { print($0) }.store(in: &bag)
                checksum.sink { log($0) }.store(in: &bag)
            }
            func bounce() -> Future<Int, Never> {
                Future { promise in DispatchQueue.global().async { promise(.success(1)) } }
            }
            func show() {
                let result = bounce()
                result.sink { print($0) }.store(in: &bag)
                result.sink { log($0) }.store(in: &bag)
            }
        }
        """
        let found = run(text)
        XCTAssertEqual(places(found), ["A.swift:11:9"])
        XCTAssertEqual(found.first?.message, "This `Future` is subscribed to more than once, but its closure ran once, at creation: every subscriber shares that one result.")
    }

    /// A caller that subscribes in the two branches of an `if`/`else` subscribes once, whichever runs.
    func testSubscriptionsInExclusiveBranchesAreOne() {
        let text = """
        final class Geocoder {
            func placeName(for point: Point) -> Future<String?, Never> {
                Future { promise in lookup(point) { promise(.success($0)) } }
            }
        }
        final class Summary {
            let geocoder = Geocoder()
            var bag = Set<AnyCancellable>()
            func load(_ point: Point, ride: Bool) {
                let name = geocoder.placeName(for: point)
                if ride {
                    name.map { "Ride from \\($0 ?? "")" }.sink { print($0) }.store(in: &bag)
                } else {
                    name.map { "Run in \\($0 ?? "")" }.sink { print($0) }.store(in: &bag)
                }
            }
        }
        """
        XCTAssertEqual(places(run(text)), [])
        let both = text.replacingOccurrences(of: "} else {", with: "}\n        do {")
        XCTAssertEqual(places(run(both)), ["A.swift:3:9"])
    }

    func testMadeAndSubscribedAtOnceOnceIsQuiet() {
        let text = """
        final class Model {
            var bag = Set<AnyCancellable>()
            func fetch(id: Int) -> AnyPublisher<Int, Error> { Future { $0(.success(id)) }.eraseToAnyPublisher() }
            func pair() -> AnyPublisher<(Int, Int), Error> { Publishers.Zip(fetch(id: 1), fetch(id: 2)).eraseToAnyPublisher() }
            func forward() -> AnyPublisher<Int, Error> { fetch(id: 3) }
            func start() {
                fetch(id: 4).receive(on: DispatchQueue.main).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                fetch(id: 5).weakAssign(to: \\.value, on: self).store(in: &bag)
                Future<Int, Never> { $0(.success(1)) }.sink { _ in }.store(in: &bag)
                let once = Future<Int, Never> { $0(.success(1)) }
                once.sink { _ in }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(run(text).count, 0)
    }

    func testKeptInAPropertyOrACollection() {
        let text = """
        final class Loader {
            private lazy var quota = Future<Int, Error> { $0(.success(1)) }
            private let token = Future<Int, Never>() { $0(.success(2)) }
            private var pending: Future<Void, Error>?
            private var thumbnails: [Future<Data, Error>] = []
            func delete() -> Future<Void, Error> { Future { $0(.success(())) } }
            func thumbnail(_ url: URL) -> Future<Data, Error> { Future { $0(.success(Data())) } }
            func ask() { pending = delete() }
            func prepare(_ urls: [URL]) {
                thumbnails.append(thumbnail(urls[0]))
            }
        }
        """
        XCTAssertEqual(places(run(text)), ["A.swift:2:30", "A.swift:3:25", "A.swift:6:44", "A.swift:7:57"])
    }

    /// Made in place and subscribed twice right there: shared on purpose, not reported. Never
    /// subscribed: the work runs anyway.
    func testSubscribedTwiceInPlaceOrNeverSubscribed() {
        let text = """
        final class Model {
            var bag = Set<AnyCancellable>()
            func start() {
                let shared = Future<Int, Never> { $0(.success(1)) }
                shared.sink { _ in }.store(in: &bag)
                shared.map { $0 + 1 }.sink { _ in }.store(in: &bag)
                _ = Future<Int, Never> { $0(.success(1)) }
                Future<Int, Never> { _ in self.work() }
            }
        }
        """
        XCTAssertEqual(run(text).map { "\($0.line):\($0.column) \($0.message.prefix(30))" },
                       ["7:13 Nothing subscribes to this `Fu", "8:9 Nothing subscribes to this `Fu"])
    }

    func testCallsOfOtherSameNamedFunctionsDoNotCount() {
        let provider = """
        final class BasalProvider {
            func saveProfile(_ profile: [Int]) -> AnyPublisher<Void, Error> { Future { $0(.success(())) }.eraseToAnyPublisher() }
            func fetch(_ request: Int) -> AnyPublisher<[Int], Never> { Future { $0(.success([])) }.eraseToAnyPublisher() }
        }
        final class CarbProvider {
            func saveProfile(_ profile: [Int]) { }
        }
        final class Editor {
            var presets: [Int] = []
            func save(_ carb: CarbProvider) { carb.saveProfile([1]) }
            func load() { try? presets = context.fetch(request) }
        }
        """
        XCTAssertEqual(run(provider).count, 0)
    }

    func testMapWithoutSwitchToLatestIsNotJudged() {
        // The Futures a `map` makes are values of the outer publisher: who subscribes to them, and when, is not known.
        let found = run("""
        let nested = $query.map { q in Future<Int, Never> { p in p(.success(q.count)) } }
        """)
        XCTAssertEqual(found.count, 0)
    }

    func testTypeOnlyUsesAndGenericArgumentsAreQuiet() {
        XCTAssertEqual(run("""
        var futures: [Future<Int, Never>] = []
        let d = Deferred<Future<Int, Never>> { Future { $0(.success(1)) } }
        func f(_ x: Future<Int, Never>) -> Future<Int, Never> { x }
        let cast = p as? Future<Int, Never>
        """).count, 0)
    }

    func testFixWrapsOnlyWhenErased() throws {
        let text = "func f() -> AnyPublisher<Int, Never> {\n    Future { $0(.success(1)) }.eraseToAnyPublisher()\n}\nfinal class A { let kept = f() }\n"
        let found = run(text)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(applying(try XCTUnwrap(found.first?.fix).edits, to: text), "func f() -> AnyPublisher<Int, Never> {\n    Deferred { Future { $0(.success(1)) } }.eraseToAnyPublisher()\n}\nfinal class A { let kept = f() }\n")
        XCTAssertNil(run("final class A { let f = Future<Int, Never> { $0(.success(1)) } }\n").first?.fix)
        XCTAssertEqual(run("final class A { let f = Future<Int, Never> { $0(.success(1)) } }\n").count, 1)
    }

    /// `await future.value` and `for await v in future.values` subscribe, once; a call whose
    /// result nothing awaits or subscribes to still runs the work for nothing.
    func testAsyncBridgesSubscribe() {
        let found = run("""
        func a() -> Future<Int, Never> { Future { $0(.success(1)) } }
        func b() -> Future<Int, Never> { Future { $0(.success(2)) } }
        func c() -> Future<Int, Never> { Future { $0(.success(3)) } }
        func use() async {
            _ = await a().value
            for await v in b().values { print(v) }
            _ = c()
        }
        """)
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:34"])
    }

    /// `retry` on a call's result inside a `flatMap` transform: the call runs per subscription, but
    /// the retry resubscribes to the one Future that the call made.
    func testRetryInsideAFlatMapTransformIsReported() {
        let client = """
        final class Client {
            func upload(_ data: Data, to path: String) -> AnyPublisher<Void, Error> {
                Future { promise in promise(.success(())) }
                    .eraseToAnyPublisher()
            }
        }
        """
        let retried = "func sync(_ c: Client, _ files: [Data]) { files.publisher.flatMap { c.upload($0, to: \"r\").retry(2) }.sink { _ in }.store(in: &bag) }\n"
        let once = "func sync(_ c: Client, _ files: [Data]) { files.publisher.flatMap { c.upload($0, to: \"r\") }.sink { _ in }.store(in: &bag) }\n"
        let found = run(client, [(path: "B.swift", text: retried)])
        XCTAssertEqual(places(found), ["A.swift:3:9"])
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(places(run(client, [(path: "B.swift", text: once)])), [])
        XCTAssertEqual(places(run("let p = [1].publisher.flatMap { _ in Future<Int, Error> { $0(.success(1)) }.retry(1) }\n")), ["A.swift:1:38"])
    }

    /// A test case makes a Future and retries it to check that it caches its result.
    func testATestCaseCheckingTheCachingIsNotReported() {
        let body = """
            func testCaches() {
                let future = Future<Int, Error> { $0(.failure(TestError())) }
                future.retry(1).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(run("final class CacheTests: XCTestCase {\n" + body)), [])
        XCTAssertEqual(places(run("final class Cache {\n" + body)), ["A.swift:3:22"])
    }

    /// A local Future handed on unsubscribed, through other locals, to a property is kept there.
    func testKeptThroughLocalAliasesInAProperty() {
        let text = """
        final class HelperVersion {
            private var cached: AnyPublisher<String, Error>?
            func version() -> AnyPublisher<String, Error> {
                if let cached { return cached }
                let future = Future<String, Error> { promise in promise(.success("1")) }
                let shared = future.eraseToAnyPublisher()
                cached = shared
                return shared
            }
            func once() {
                let future = Future<String, Error> { promise in promise(.success("1")) }
                let erased = future.eraseToAnyPublisher()
                erased.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(run(text)), ["A.swift:5:22"])
    }

    /// A local Future added to a stored collection (as it is, or erased) started at creation, long
    /// before the collection is subscribed; added to a local collection that the body merges, it is not.
    func testALocalFutureAddedToAStoredCollection() {
        let text = """
        final class UploadQueue {
            private var pending: [AnyPublisher<Bool, Never>] = []
            private var raw: [Future<Bool, Never>] = []
            func stage(_ file: URL) {
                let upload = Future<Bool, Never> { promise in session.upload(file) { promise(.success($0)) } }
                pending.append(upload.eraseToAnyPublisher())
            }
            func stageRaw(_ file: URL) {
                let upload = Future<Bool, Never> { promise in session.upload(file) { promise(.success($0)) } }
                self.raw.append(upload)
            }
            func sendNow(_ files: [URL]) {
                var uploads: [AnyPublisher<Bool, Never>] = []
                for file in files {
                    let upload = Future<Bool, Never> { promise in session.upload(file) { promise(.success($0)) } }
                    uploads.append(upload.eraseToAnyPublisher())
                }
                Publishers.MergeMany(uploads).sink { _ in }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(run(text)), ["A.swift:5:22", "A.swift:9:22"])
    }

    /// A Future kept only while it runs (its own `handleEvents(receiveCompletion:)` sets the holder
    /// back to `nil`) shares one request among the callers that come while it is in flight; the next
    /// call after it ends makes a new one. Emptied elsewhere, or not at all, it is a cache: reported.
    func testAnInFlightSlotEmptiedOnCompletionIsNotACache() {
        let text = """
        final class TokenProvider {
            private var refreshing: AnyPublisher<String, Error>?
            private var cached: AnyPublisher<String, Error>?
            func token() -> AnyPublisher<String, Error> {
                if let refreshing { return refreshing }
                let refresh = Future<String, Error> { promise in promise(.success("t")) }
                    .handleEvents(receiveCompletion: { [weak self] _ in self?.refreshing = nil })
                    .share()
                    .eraseToAnyPublisher()
                refreshing = refresh
                return refresh
            }
            func cachedToken() -> AnyPublisher<String, Error> {
                if let cached { return cached }
                let request = Future<String, Error> { promise in promise(.success("t")) }
                    .handleEvents(receiveCompletion: { [weak self] _ in self?.refreshing = nil })
                    .eraseToAnyPublisher()
                cached = request
                return request
            }
            func reset() { cached = nil }
        }
        """
        XCTAssertEqual(places(run(text)), ["A.swift:15:23"])
    }

    /// The in-flight slot filled from a call of a function that returns a new Future
    /// (`let request = api.syncToken().handleEvents(receiveCompletion: { … = nil }).share()`, then
    /// `pending = request`) keeps it only while it runs too; a call site that keeps it for good
    /// is still a cache.
    func testAnInFlightSlotFilledFromAFunctionCallIsNotACache() {
        let api = """
        final class API {
            func syncToken() -> Future<String, Error> { Future { promise in promise(.success("t")) } }
            func quota() -> Future<Int, Error> { Future { promise in promise(.success(1)) } }
        }
        """
        let effects = """
        final class Effects {
            private var pending: AnyPublisher<String, Error>?
            private var quotaRequest: AnyPublisher<Int, Error>?
            func token(_ api: API) -> AnyPublisher<String, Error> {
                if let pending { return pending }
                let request = api.syncToken()
                    .handleEvents(receiveCompletion: { [weak self] _ in self?.pending = nil })
                    .share()
                    .eraseToAnyPublisher()
                pending = request
                return request
            }
            func quota(_ api: API) {
                let request = api.quota()
                    .handleEvents(receiveCompletion: { [weak self] _ in self?.pending = nil })
                    .eraseToAnyPublisher()
                quotaRequest = request
            }
        }
        """
        XCTAssertEqual(places(run(api, [(path: "B.swift", text: effects)])), ["A.swift:3:42"])
    }

    /// A test double's function that returns a new Future stands in for the app's in tests only: the
    /// app's own function of the selector carries what the callers do (here a `retry`).
    func testATestDoublesFutureIsNotJudgedByTheAppsCallSites() {
        let found = findings(of: FutureWithoutDeferredRule.self, in: [
            (path: "App/API.swift", text: "final class LiveAPI {\n    func token() -> Future<String, Error> { Future { promise in promise(.success(\"t\")) } }\n}\n"),
            (path: "App/Retry.swift", text: "func retryMove(_ api: LiveAPI) { api.token().retry(3).sink(receiveCompletion: { _ in }) { _ in }.store(in: &bag) }\n"),
            (path: "AppTests/MockAPI.swift", text: "final class MockAPI {\n    func token() -> Future<String, Error> { Future { $0(.success(\"t\")) } }\n}\n"),
            (path: "App/Previews.swift", text: "final class StubAPI {\n    func token() -> Future<String, Error> { Future { $0(.success(\"t\")) } }\n}\n"),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column) \($0.severity)" }, ["App/API.swift:2:45 error"])
    }

    /// `let request = cached ?? service.total()` then `cached = request`: the Future is kept through
    /// the nil-coalescing local; a local that is only subscribed, or a left operand that is a call,
    /// is not.
    func testFutureKeptThroughANilCoalescingLocal() {
        let found = findings(of: FutureWithoutDeferredRule.self, in: [(path: "A.swift", text: """
        final class Service {
            func total() -> Future<Double, Never> { Future { promise in promise(.success(1)) } }
            func count() -> Future<Int, Never> { Future { promise in promise(.success(1)) } }
            func size() -> Future<Int, Never> { Future { promise in promise(.success(1)) } }
        }
        final class VM {
            private var cached: AnyPublisher<Double, Never>?
            private var counted: AnyPublisher<Int, Never>?
            private var sized: AnyPublisher<Int, Never>?
            private var bag = Set<AnyCancellable>()
            let service = Service()
            func refresh() {
                let request = self.cached ?? service.total().eraseToAnyPublisher()
                cached = request
                request.sink { print($0) }.store(in: &bag)
                let once = counted ?? service.count().eraseToAnyPublisher()
                once.sink { print($0) }.store(in: &bag)
                let other = fallback() ?? service.size().eraseToAnyPublisher()
                other.sink { print($0) }.store(in: &bag)
                // let note = sized ?? service.size().eraseToAnyPublisher(); sized = note
            }
            func fallback() -> AnyPublisher<Int, Never>? { nil }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:45"])
        XCTAssertEqual(found.first?.message, "This `Future` is kept in `cached`, but its closure ran once, at creation: every later subscriber gets that one cached result.")
    }

    /// A local Future subscribed only inside an `if`, or only by the `flatMap` that a later value
    /// runs, did its work when it was made, before (or without) that subscription. Subscribed on both
    /// branches of an `if`/`else`, or at once, it behaves as a deferred one.
    func testLocalSubscribedOnlyOnSomePathsOrLater() {
        let text = """
        final class DeviceModel {
            private var bag = Set<AnyCancellable>()
            func verify(_ cmd: Command) {
                let readBack = Future<Int, Never> { promise in reader.readLevel { promise(.success($0)) } }
                hub.send(cmd).flatMap { _ in readBack }.sink { print($0) }.store(in: &bag)
            }
            func purgeIfNeeded() {
                let purge = Future<Void, Never> { promise in store.purgeTrash(); promise(.success(())) }
                if defaults.bool(forKey: "autoPurge") {
                    purge.sink { _ in }.store(in: &bag)
                }
            }
            func both(_ flag: Bool) {
                let load = Future<Int, Never> { promise in promise(.success(1)) }
                if flag {
                    load.sink { print($0) }.store(in: &bag)
                } else {
                    load.map { $0 + 1 }.sink { print($0) }.store(in: &bag)
                }
            }
            func plain() {
                let load = Future<Int, Never> { promise in promise(.success(1)) }
                load.sink { print($0) }.store(in: &bag)
            }
        }
        """
        let found = run(text)
        XCTAssertEqual(places(found), ["A.swift:4:24", "A.swift:8:21"])
        XCTAssertEqual(found.first?.message, "This `Future` is subscribed only later or only on some paths, but its closure ran at once, when it was created.")
    }

    /// Call sites are matched by selector on a receiver of a related type: `status.send(.idle)` on a
    /// subject runs the subject's `send(_:)`, not the client's, and says nothing of its Future. A call
    /// through the protocol the client conforms to is the client's.
    func testCallSitesOfAnotherTypesMethodOfTheSelectorDoNotCount() {
        let client = """
        protocol APIClientProtocol { func send(_ request: Request) -> Future<Data, Error> }
        final class APIClient: APIClientProtocol {
            func send(_ request: Request) -> Future<Data, Error> {
                Future { promise in promise(.success(Data())) }
            }
        }
        final class DebugMenuModel {
            let api: APIClientProtocol
            let status = PassthroughSubject<Status, Never>()
            private var bag = Set<AnyCancellable>()
            func ping() {
                status.send(.idle)
                api.send(Request()).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(run(client)), [])
        let dropped = client.replacingOccurrences(of: "status.send(.idle)", with: "api.send(Request())")
        XCTAssertEqual(places(run(dropped)), ["A.swift:4:9"])
    }
}
