import XCTest
@testable import CombineLintKit

/// `InstrumentationEdits`: where `.trace` and the import go, exactly, for every shape of
/// subscriber call; and that each result lexes losslessly and is undone by `TraceRemoval`.
final class InstrumentationEditsTests: XCTestCase {
    /// `restores`: removal gives back `text` (false for a text instrumented already).
    private func instrument(_ text: String, path: String = "Feed.swift", restores: Bool = true,
                            file: StaticString = #filePath, line: UInt = #line) -> (String, InstrumentedFile) {
        let source = SourceFile(path: path, text: text)
        let result = InstrumentationEdits.instrument(source)
        // Every instrumented text lexes back byte for byte, and removal restores the original.
        XCTAssertTrue(LintCommand.lexesLosslessly(result.bytes), "not lossless", file: file, line: line)
        let tokens = Lexer.tokenize(result.bytes)
        XCTAssertEqual(tokens.flatMap { result.bytes[$0.range] }, result.bytes, file: file, line: line)
        let removed = TraceRemoval.remove(from: SourceFile(path: path, bytes: result.bytes))
        if restores { XCTAssertEqual(removed.bytes, source.bytes, "removal does not restore the file", file: file, line: line) }
        XCTAssertEqual(removed.unmatchedMarkerLines, [], file: file, line: line)
        return (String(decoding: result.bytes, as: UTF8.self), result)
    }

    func testSinkOnOneLineGetsTraceAndImport() {
        let original = """
        import Combine

        final class FeedViewModel {
            var bag = Set<AnyCancellable>()
            func bind(_ posts: AnyPublisher<Int, Never>) {
                posts.sink { print($0) }.store(in: &bag)
            }
        }

        """
        let (text, result) = instrument(original)
        XCTAssertEqual(text, """
        import Combine; import CombineTrace /*combinelint-trace*/

        final class FeedViewModel {
            var bag = Set<AnyCancellable>()
            func bind(_ posts: AnyPublisher<Int, Never>) {
                posts.trace("FeedViewModel.bind" /*combinelint-trace*/).sink { print($0) }.store(in: &bag)
            }
        }

        """)
        XCTAssertEqual(result.instrumentedCount, 1)
        XCTAssertTrue(result.addedImport)
        XCTAssertEqual(result.fixes.map(\.title), ["Trace the sink at line 6", "Import CombineTrace"])
        let dot = original.utf8.count - original.drop { $0 != "." }.utf8.count   // the first `.`: that of `.sink`
        XCTAssertEqual(result.sites, [SubscriberSite(subscriber: "sink", nameToken: result.sites[0].nameToken, line: 6,
                                                     outcome: .insert(offset: dot))])
    }

    func testMultiLineChainKeepsItsLayoutAndLines() {
        let (text, result) = instrument("""
        import Combine
        import Foundation

        final class FeedViewModel {
            @Published var posts: [Int] = []
            var bag = Set<AnyCancellable>()
            func load(_ service: Service) {
                service.posts
                    .map { $0 }
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { _ in },
                          receiveValue: { [weak self] in self?.posts = $0 })
                    .store(in: &bag)
            }
        }

        """)
        XCTAssertEqual(text, """
        import Combine
        import Foundation; import CombineTrace /*combinelint-trace*/

        final class FeedViewModel {
            @Published var posts: [Int] = []
            var bag = Set<AnyCancellable>()
            func load(_ service: Service) {
                service.posts
                    .map { $0 }
                    .receive(on: DispatchQueue.main)
                    .trace("FeedViewModel.load" /*combinelint-trace*/).sink(receiveCompletion: { _ in },
                          receiveValue: { [weak self] in self?.posts = $0 })
                    .store(in: &bag)
            }
        }

        """)
        XCTAssertEqual(result.instrumentedCount, 1)
    }

    func testTrailingClosuresAndBothAssignForms() {
        let (text, result) = instrument("""
        import Combine

        final class TitleModel: ObservableObject {
            @Published var title = ""
            var label = Label()
            var bag = Set<AnyCancellable>()
            init(names: AnyPublisher<String, Never>) {
                names.assign(to: \\.text, on: label).store(in: &bag)
                names.assign(to: &$title)
                names.sink { [weak self] name in
                    self?.title = name
                } receiveValue: { _ in }
                    .store(in: &bag)
            }
        }

        """)
        XCTAssertEqual(text, """
        import Combine; import CombineTrace /*combinelint-trace*/

        final class TitleModel: ObservableObject {
            @Published var title = ""
            var label = Label()
            var bag = Set<AnyCancellable>()
            init(names: AnyPublisher<String, Never>) {
                names.trace("TitleModel.init" /*combinelint-trace*/).assign(to: \\.text, on: label).store(in: &bag)
                names.trace("TitleModel.init" /*combinelint-trace*/).assign(to: &$title)
                names.trace("TitleModel.init" /*combinelint-trace*/).sink { [weak self] name in
                    self?.title = name
                } receiveValue: { _ in }
                    .store(in: &bag)
            }
        }

        """)
        XCTAssertEqual(result.sites.map(\.subscriber), ["assign", "assign", "sink"])
        XCTAssertEqual(result.sites.map(\.line), [8, 9, 10])
        XCTAssertEqual(result.instrumentedCount, 3)
    }

    func testTrailingClosureOnTheNextLine() {
        let (text, result) = instrument("""
        import Combine
        final class Hero {
            func bind() {
                $hero
                    .removeDuplicates()
                    .sink
                { [weak self] hero in
                    self?.show(hero)
                }
                .store(in: &bag)
            }
        }

        """)
        XCTAssertEqual(text, """
        import Combine; import CombineTrace /*combinelint-trace*/
        final class Hero {
            func bind() {
                $hero
                    .removeDuplicates()
                    .trace("Hero.bind" /*combinelint-trace*/).sink
                { [weak self] hero in
                    self?.show(hero)
                }
                .store(in: &bag)
            }
        }

        """)
        XCTAssertEqual(result.instrumentedCount, 1)
    }

    func testStringsCommentsAndOtherCallsAreNeverTouched() {
        let original = """
        import Combine

        // posts.sink { print($0) }
        /* names.assign(to: &$title) */
        let text = "posts.sink { print($0) }"
        let raw = #"posts.sink { _ in }"#
        let note = \"""
            feed.sink { _ in }
            \"""
        func log(_ logger: Logger, _ subject: PassthroughSubject<Int, Never>) {
            logger.sink("not a subscriber")
            subject.makeConnectable().connect()
            subject.send(1)
        }

        """
        let (text, result) = instrument(original)
        XCTAssertEqual(text, original)
        XCTAssertEqual(result.sites, [])
        XCTAssertEqual(result.fixes, [])
    }

    func testInterpolationCodeIsCode() {
        let (text, _) = instrument("""
        import Combine
        let message = "kept: \\(posts.sink { _ in })"

        """)
        XCTAssertEqual(text, """
        import Combine; import CombineTrace /*combinelint-trace*/
        let message = "kept: \\(posts.trace("Feed.swift:2" /*combinelint-trace*/).sink { _ in })"

        """)
    }

    func testBothBranchesOfIfAndImportsInsideIfBlocks() {
        let (text, result) = instrument("""
        import Foundation
        #if canImport(Combine)
        import Combine
        #else
        import OpenCombine
        #endif

        struct Clock {
            func start(_ ticks: AnyPublisher<Int, Never>) -> AnyCancellable {
                #if DEBUG
                return ticks.sink { print("tick", $0) }
                #else
                return ticks
                    .sink { _ in }
                #endif
            }
        }

        """)
        XCTAssertEqual(text, """
        import Foundation; import CombineTrace /*combinelint-trace*/
        #if canImport(Combine)
        import Combine
        #else
        import OpenCombine
        #endif

        struct Clock {
            func start(_ ticks: AnyPublisher<Int, Never>) -> AnyCancellable {
                #if DEBUG
                return ticks.trace("Clock.start" /*combinelint-trace*/).sink { print("tick", $0) }
                #else
                return ticks
                    .trace("Clock.start" /*combinelint-trace*/).sink { _ in }
                #endif
            }
        }

        """)
        XCTAssertEqual(result.instrumentedCount, 2)
    }

    func testIfInsideAChain() {
        let (text, _) = instrument("""
        import Combine
        let c = p
        #if DEBUG
            .print("p")
        #endif
            .sink { _ in }

        """)
        XCTAssertEqual(text, """
        import Combine; import CombineTrace /*combinelint-trace*/
        let c = p
        #if DEBUG
            .print("p")
        #endif
            .trace("Feed.swift:6" /*combinelint-trace*/).sink { _ in }

        """)
    }

    func testOnlyConditionalImportsGetALineOfTheirOwn() {
        let (text, _) = instrument("""
        // Clock.swift
        #if canImport(Combine)
        import Combine
        #endif
        let c = ticks.sink { _ in }

        """)
        XCTAssertEqual(text, """
        import CombineTrace /*combinelint-trace*/
        // Clock.swift
        #if canImport(Combine)
        import Combine
        #endif
        let c = ticks.trace("Feed.swift:6" /*combinelint-trace*/).sink { _ in }

        """)
    }

    func testFileWithoutImportsGetsItAtTheTopAboveTheDocComment() {
        let (text, _) = instrument("""
        /// Made in a module that re-exports Combine.
        func watch(_ p: AnyPublisher<Int, Never>) -> AnyCancellable {
            p.sink { _ in }
        }
        """)
        XCTAssertEqual(text, """
        import CombineTrace /*combinelint-trace*/
        /// Made in a module that re-exports Combine.
        func watch(_ p: AnyPublisher<Int, Never>) -> AnyCancellable {
            p.trace("watch" /*combinelint-trace*/).sink { _ in }
        }
        """)
    }

    func testScriptKeepsItsShebangLineFirst() {
        let (text, _) = instrument("#!/usr/bin/env swift\nlet c = p.sink { _ in }\n")
        XCTAssertEqual(text, "#!/usr/bin/env swift\nimport CombineTrace /*combinelint-trace*/\nlet c = p.trace(\"Feed.swift:3\" /*combinelint-trace*/).sink { _ in }\n")
    }

    func testExistingImportOfCombineTraceIsKept() {
        let (text, result) = instrument("""
        import Combine
        @testable import CombineTrace
        let c = p.sink { _ in }

        """)
        XCTAssertEqual(text, """
        import Combine
        @testable import CombineTrace
        let c = p.trace("Feed.swift:3" /*combinelint-trace*/).sink { _ in }

        """)
        XCTAssertFalse(result.addedImport)
    }

    func testCRLFFileKeepsItsLineEnds() {
        let (text, _) = instrument("import Combine\r\nlet c = p\r\n    .sink { _ in }\r\n")
        XCTAssertEqual(text, "import Combine; import CombineTrace /*combinelint-trace*/\r\nlet c = p\r\n    .trace(\"Feed.swift:3\" /*combinelint-trace*/).sink { _ in }\r\n")
        let (noImport, _) = instrument("let c = p.sink { _ in }\r\nlet d = 1\r\n")
        XCTAssertEqual(noImport, "import CombineTrace /*combinelint-trace*/\r\nlet c = p.trace(\"Feed.swift:2\" /*combinelint-trace*/).sink { _ in }\r\nlet d = 1\r\n")
    }

    func testFileWithoutTrailingNewline() {
        let (text, _) = instrument("import Combine\nlet c = p.sink { _ in }")
        XCTAssertEqual(text, "import Combine; import CombineTrace /*combinelint-trace*/\nlet c = p.trace(\"Feed.swift:2\" /*combinelint-trace*/).sink { _ in }")
        let (oneLine, _) = instrument("let c = p.sink { _ in }")
        XCTAssertEqual(oneLine, "import CombineTrace /*combinelint-trace*/\nlet c = p.trace(\"Feed.swift:2\" /*combinelint-trace*/).sink { _ in }")
    }

    func testImplicitSelfIsSkippedAndCounted() {
        let original = """
        import Combine

        extension Publisher where Failure == Never {
            func printValues() -> AnyCancellable { sink { print($0) } }
            func keep(in bag: inout Set<AnyCancellable>) { sink { _ in }.store(in: &bag) }
            func traced() -> AnyCancellable { self.sink { _ in } }
        }

        """
        let (text, result) = instrument(original)
        XCTAssertEqual(result.skipped, [.implicitSelf: 2])
        XCTAssertEqual(result.instrumentedCount, 1)
        XCTAssertEqual(text, original
            .replacingOccurrences(of: "import Combine\n", with: "import Combine; import CombineTrace /*combinelint-trace*/\n")
            .replacingOccurrences(of: "self.sink", with: "self.trace(\"Publisher.traced\" /*combinelint-trace*/).sink"))
    }

    func testHandWrittenTraceIsSkippedAndImplicitSelfAloneChangesNothing() {
        let original = """
        import Combine
        import CombineTrace
        let c = feed.trace("feed").sink { _ in }
        extension Publisher { func go() -> AnyCancellable { sink(receiveCompletion: { _ in }, receiveValue: { _ in }) } }

        """
        let (text, result) = instrument(original)
        XCTAssertEqual(text, original)
        XCTAssertEqual(result.skipped, [.tracedByHand: 1, .implicitSelf: 1])
        XCTAssertEqual(result.fixes, [])
    }

    func testRunningTwiceInsertsNothingNew() {
        let original = """
        import Combine

        final class Feed {
            var bag = Set<AnyCancellable>()
            func bind() {
                posts.sink { _ in }.store(in: &bag)
                names
                    .assign(to: \\.title, on: self)
                    .store(in: &bag)
            }
        }

        """
        let (once, first) = instrument(original)
        let (twice, second) = instrument(once, restores: false)
        XCTAssertEqual(twice, once)
        XCTAssertEqual(TraceRemoval.remove(from: SourceFile(path: "Feed.swift", text: twice)).bytes, Array(original.utf8))
        XCTAssertEqual(first.instrumentedCount, 2)
        XCTAssertEqual(second.instrumentedCount, 0)
        XCTAssertEqual(second.alreadyInstrumentedCount, 2)
        XCTAssertEqual(second.fixes, [])
    }

    func testLabelsNameTheSite() {
        let (text, _) = instrument("""
        import Combine
        enum Outer {
            final class Inner {
                lazy var kept: AnyCancellable = ticks.sink { _ in }
                var status: AnyCancellable { ticks.sink { _ in } }
                func start() {
                    func helper() { _ = ticks.sink { _ in } }
                    DispatchQueue.main.async { _ = ticks.sink { _ in } }
                }
                deinit { _ = ticks.sink { _ in } }
            }
        }
        extension Feed.Model {
            func reload() { _ = ticks.sink { _ in } }
        }
        func free() { _ = ticks.sink { _ in } }
        _ = ticks.sink { _ in }

        """, path: "App/Feed/Clock.swift")
        let labels = text.components(separatedBy: ".trace(\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(labels, ["Outer.Inner.kept", "Outer.Inner.status", "Outer.Inner.start", "Outer.Inner.start",
                                "Outer.Inner.deinit", "Feed.Model.reload", "free", "Clock.swift:17"])
    }

    func testLabelIsAlwaysAStringLiteral() {
        XCTAssertEqual(TraceMarker.traceCall(label: #"a"b\c"#), #".trace("a\"b\\c" /*combinelint-trace*/)"#)
    }
}
