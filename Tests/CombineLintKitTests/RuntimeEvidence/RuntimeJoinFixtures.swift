@testable import CombineLintKit
import CombineTraceCore
import Foundation

/// A small source and a trace of it, shared by the join's tests: a leaking pipeline with a
/// strong `self` (line 10), a discarded sink (13), a local publisher read by a sink that leaks
/// and that no rule reports (17), a nested sink that accumulates (26), a site in a file that
/// was not linted, and two objects not released.
enum RuntimeJoinFixtures {
    static let path = "/proj/Sources/Feed/FeedController.swift"

    static let source = """
    import Combine
    import CombineTrace

    final class FeedController {
        let model = FeedModel()
        var bag = Set<AnyCancellable>()

        func start() {
            model.$items
                .trace("items")
                .sink { items in self.show(items) }
                .store(in: &bag)
            model.$count.trace("count").sink { _ in }
        }

        func search() {
            let changes = model.$query.trace("query").map { $0.lowercased() }
            changes
                .sink { [weak self] text in self?.find(text) }
                .store(in: &bag)
        }

        func nested() {
            model.$items.sink { [weak self] _ in
                guard let self else { return }
                self.model.$count.trace("inner").sink { _ in }.store(in: &self.bag)
            }.store(in: &bag)
        }

        func show(_ items: [Int]) {}
        func find(_ text: String) {}
    }

    """

    static let trace = """
    {"v":1,"seq":1,"t":1000,"ev":"track","thread":"main","obj":1,"type":"Feed.FeedController","label":"controller","site":"Feed/App.swift:3"}
    {"v":1,"seq":2,"t":2000,"ev":"subscribe","thread":"main","sub":1,"label":"items","site":"Feed/FeedController.swift:10","downstream":"sink"}
    {"v":1,"seq":3,"t":3000,"ev":"subscribe","thread":"main","sub":2,"label":"count","site":"Feed/FeedController.swift:13","downstream":"sink"}
    {"v":1,"seq":4,"t":3100,"ev":"cancel","thread":"main","sub":2}
    {"v":1,"seq":5,"t":4000,"ev":"subscribe","thread":"main","sub":3,"label":"query","site":"Feed/FeedController.swift:17","downstream":"operator"}
    {"v":1,"seq":6,"t":5000,"ev":"subscribe","thread":"main","sub":4,"label":"inner","site":"Feed/FeedController.swift:26","downstream":"sink"}
    {"v":1,"seq":7,"t":6000,"ev":"mark","thread":"main","name":"tick"}
    {"v":1,"seq":8,"t":7000,"ev":"subscribe","thread":"main","sub":5,"label":"inner","site":"Feed/FeedController.swift:26","downstream":"sink"}
    {"v":1,"seq":9,"t":8000,"ev":"mark","thread":"main","name":"tick"}
    {"v":1,"seq":10,"t":9000,"ev":"subscribe","thread":"main","sub":6,"label":"elsewhere","site":"Other/Unlinted.swift:5","downstream":"sink"}
    {"v":1,"seq":11,"t":9500,"ev":"track","thread":"main","obj":2,"type":"Settings","label":"settings","site":"Other/Unlinted.swift:9"}
    {"v":1,"seq":12,"t":10000,"ev":"expect_release","thread":"main","obj":1}
    {"v":1,"seq":13,"t":10100,"ev":"expect_release","thread":"main","obj":2}
    {"v":1,"seq":14,"t":11000,"ev":"mark","thread":"main","name":"done"}

    """

    static var file: SourceFile { SourceFile(path: path, bytes: Array(source.utf8)) }

    static var evidence: TraceEvidence { TraceEvidence(trace: "feed.jsonl", document: TraceReader.parse(trace)) }

    static var findings: [Finding] { Analyzer.analyze([file], rules: ConfiguredRule.defaults) }

    static func join() -> RuntimeJoin.Output {
        RuntimeJoin.join(findings: findings, files: [RuntimeJoin.File(source: file)], traces: [evidence])
    }

    static let controller = SiteEvidence.Unreleased(type: "Feed.FeedController", label: "controller",
                                                    site: "Feed/App.swift:3", objects: [1])

    /// The evidence each traced site of the source carries after the join.
    static let items = SiteEvidence(trace: "feed.jsonl", site: "Feed/FeedController.swift:10", labels: ["items"],
                                    subscriptions: [1], leaked: [1], unreleased: [controller])
    static let count = SiteEvidence(trace: "feed.jsonl", site: "Feed/FeedController.swift:13", labels: ["count"],
                                    subscriptions: [2], discarded: [2])
    static let inner = SiteEvidence(trace: "feed.jsonl", site: "Feed/FeedController.swift:26", labels: ["inner"],
                                    subscriptions: [4, 5], leaked: [4, 5],
                                    accumulating: [.init(mark: "tick", liveCounts: [1, 2], subscriptions: [4, 5])],
                                    unreleased: [controller])

    /// The demo: `samples/TraceDemo` and its trace, from the package's root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func demoFiles() throws -> [SourceFile] {
        try ["samples/TraceDemo/FeedScreen.swift", "samples/TraceDemo/main.swift"].map { relative in
            let data = try Data(contentsOf: packageRoot.appendingPathComponent(relative))
            return SourceFile(path: relative, bytes: Array(data))
        }
    }

    static func demoTrace() throws -> TraceEvidence {
        let path = packageRoot.appendingPathComponent("samples/traces/feed-demo.jsonl").path
        return TraceEvidence(trace: "samples/traces/feed-demo.jsonl", document: try TraceReader.read(path: path))
    }
}
