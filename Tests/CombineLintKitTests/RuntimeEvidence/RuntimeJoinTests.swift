@testable import CombineLintKit
import CombineTraceCore
import XCTest

/// The join of findings and trace sites: each finding in a traced pipeline carries the evidence
/// of the sites in that pipeline; sites and objects that match nothing are listed.
final class RuntimeJoinTests: XCTestCase {
    func testTheSmallSourceFindingsAreWhatTheJoinExpects() {
        XCTAssertEqual(RuntimeJoinFixtures.findings.map { "\($0.line):\($0.column) \($0.ruleID)" },
                       ["11:30 strong_self_capture", "13:37 discarded_cancellable", "26:46 nested_sink"])
    }

    func testEachFindingCarriesTheEvidenceOfItsOwnPipeline() {
        let joined = RuntimeJoinFixtures.join()
        XCTAssertEqual(joined.findings.map(\.runtime), [
            FindingRuntime(sites: [RuntimeJoinFixtures.items]),
            FindingRuntime(sites: [RuntimeJoinFixtures.count]),
            // The nested sink's own pipeline, not the outer one it sits in.
            FindingRuntime(sites: [RuntimeJoinFixtures.inner]),
        ])
        XCTAssertEqual(joined.findings.map { $0.runtime?.isConfirmed }, [true, true, true])
        // Nothing else of the findings changes.
        XCTAssertEqual(joined.findings.map { var f = $0; f.runtime = nil; return f }, RuntimeJoinFixtures.findings)
    }

    func testSitesAreMatchedToTheirPipelinesWithTheirFindings() {
        let joined = RuntimeJoinFixtures.join()
        XCTAssertEqual(joined.sites.map(\.evidence.site), [
            "Feed/FeedController.swift:10", "Feed/FeedController.swift:13",
            "Feed/FeedController.swift:17", "Feed/FeedController.swift:26",
        ])
        XCTAssertEqual(joined.sites.map { $0.pipelines.map(\.lineRanges) }, [[[9...12]], [[13...13]], [[18...20, 17...17]], [[26...26]]])
        XCTAssertEqual(joined.sites.map { $0.findings.map(\.ruleID) },
                       [["strong_self_capture"], ["discarded_cancellable"], [], ["nested_sink"]])
        // The local publisher's leak is the rules' miss: matched, leaked, no finding.
        XCTAssertEqual(joined.sites[2].evidence.leaked, [3])
        XCTAssertEqual(joined.sites.map { $0.pipelines.map(\.enclosingType) }, [["FeedController"], ["FeedController"],
                                                                               ["FeedController"], ["FeedController"]])
    }

    func testWhatMatchesNothingIsListed() {
        XCTAssertEqual(RuntimeJoinFixtures.join().unmatched, [
            UnmatchedSite(trace: "feed.jsonl", site: "Other/Unlinted.swift:5", labels: ["elsewhere"], subscriptions: [6],
                          reason: "no linted file ends with Other/Unlinted.swift"),
            UnmatchedSite(trace: "feed.jsonl", site: "Other/Unlinted.swift:9", labels: ["settings"], subscriptions: [],
                          objects: [2], reason: "no traced pipeline of type Settings leaked"),
        ])
    }

    func testObjectsGoWithTheLeakingPipelinesOfTheirType() {
        let joined = RuntimeJoinFixtures.join()
        XCTAssertEqual(joined.objects.map(\.objects.objects), [[1], [2]])
        XCTAssertEqual(joined.objects[0].pipelines.map(\.lineRanges), [[9...12], [18...20, 17...17], [26...26]])
        XCTAssertEqual(joined.objects[0].findings.map(\.ruleID), ["strong_self_capture", "nested_sink"])
        XCTAssertEqual(joined.objects[1].pipelines, [])
        // The discarded sink leaked nothing, so the controller is not put on it.
        XCTAssertEqual(joined.sites[1].evidence.unreleased, [])
    }

    func testASiteOnALineWithoutAPipelineAndAnAmbiguousSite() {
        let trace = """
        {"v":1,"seq":1,"t":1,"ev":"subscribe","thread":"main","sub":1,"label":"a","site":"Feed/FeedController.swift:30","downstream":"sink"}
        {"v":1,"seq":2,"t":2,"ev":"subscribe","thread":"main","sub":2,"label":"b","site":"App/FeedController.swift:10","downstream":"sink"}
        {"v":1,"seq":3,"t":3,"ev":"subscribe","thread":"main","sub":3,"label":"c","site":"no-line","downstream":"sink"}

        """
        let other = SourceFile(path: "/proj/Sources/Profile/FeedController.swift", bytes: Array(RuntimeJoinFixtures.source.utf8))
        let joined = RuntimeJoin.join(findings: RuntimeJoinFixtures.findings,
                                      files: [RuntimeJoin.File(source: RuntimeJoinFixtures.file), RuntimeJoin.File(source: other)],
                                      traces: [TraceEvidence(trace: "t.jsonl", document: TraceReader.parse(trace))])
        // In the trace report's site order: by file, then line.
        XCTAssertEqual(joined.unmatched.map(\.reason), [
            "App/FeedController.swift is ambiguous: /proj/Sources/Feed/FeedController.swift, /proj/Sources/Profile/FeedController.swift",
            "no subscription's pipeline at line 30 of /proj/Sources/Feed/FeedController.swift",
            "not a path:line call site",
        ])
        XCTAssertEqual(joined.findings.map(\.runtime), [nil, nil, nil])
    }

    func testTwoTracesGiveOneEntryEach() {
        let second = TraceEvidence(trace: "again.jsonl", document: TraceReader.parse("""
        {"v":1,"seq":1,"t":1,"ev":"subscribe","thread":"main","sub":1,"label":"items","site":"Feed/FeedController.swift:10","downstream":"sink"}
        {"v":1,"seq":2,"t":2,"ev":"finished","thread":"main","sub":1}

        """))
        let joined = RuntimeJoin.join(findings: RuntimeJoinFixtures.findings, files: [RuntimeJoin.File(source: RuntimeJoinFixtures.file)],
                                      traces: [RuntimeJoinFixtures.evidence, second])
        XCTAssertEqual(joined.findings[0].runtime, FindingRuntime(sites: [
            RuntimeJoinFixtures.items,
            SiteEvidence(trace: "again.jsonl", site: "Feed/FeedController.swift:10", labels: ["items"], subscriptions: [1]),
        ]))
        // A trace in which the pipeline behaved: traced, not confirmed.
        let clean = RuntimeJoin.join(findings: RuntimeJoinFixtures.findings, files: [RuntimeJoin.File(source: RuntimeJoinFixtures.file)],
                                     traces: [second])
        XCTAssertEqual(clean.findings.map { $0.runtime?.isConfirmed }, [false, nil, nil])
    }

    func testRuntimeEvidenceSurvivesCodable() throws {
        let finding = RuntimeJoinFixtures.join().findings[2]
        XCTAssertNotNil(finding.runtime)
        XCTAssertEqual(try JSONDecoder().decode(Finding.self, from: try JSONEncoder().encode(finding)), finding)
    }

    /// The realistic case: the analyzer's findings on samples/TraceDemo, confirmed by its trace.
    func testTheDemoTraceConfirmsTheDemoFindings() throws {
        let files = try RuntimeJoinFixtures.demoFiles()
        let findings = Analyzer.analyze(files, rules: ConfiguredRule.defaults)
        let joined = RuntimeJoin.join(findings: findings, files: files.map { RuntimeJoin.File(source: $0) },
                                      traces: [try RuntimeJoinFixtures.demoTrace()])
        XCTAssertEqual(joined.findings.map { "\($0.line):\($0.column) \($0.ruleID) \($0.runtime?.isConfirmed.description ?? "-")" }, [
            "10:9 exposed_subject -",
            "28:53 discarded_cancellable true",
            "36:30 strong_self_capture true",
            "37:14 store_in_appearance true",
        ])
        let trace = "samples/traces/feed-demo.jsonl"
        let leaky = SiteEvidence(trace: trace, site: "TraceDemo/FeedScreen.swift:35", labels: ["feed.leaky"], subscriptions: [2, 4, 6],
                                 leaked: [2, 4, 6],
                                 accumulating: [.init(mark: "feed.appear", liveCounts: [0, 1, 2], subscriptions: [2, 4]),
                                                .init(mark: "feed.disappear", liveCounts: [1, 2, 3], subscriptions: [2, 4, 6])],
                                 unreleased: [.init(type: "FeedScreen", label: "feed screen", site: "TraceDemo/main.swift:25", objects: [1])])
        XCTAssertEqual(joined.findings[1].runtime, FindingRuntime(sites: [
            SiteEvidence(trace: trace, site: "TraceDemo/FeedScreen.swift:28", labels: ["feed.refresh"], subscriptions: [1], discarded: [1]),
        ]))
        XCTAssertEqual(joined.findings[2].runtime, FindingRuntime(sites: [leaky]))
        XCTAssertEqual(joined.findings[3].runtime, FindingRuntime(sites: [leaky]))
        // The correct `feed.visible` pipeline (line 41) matched, behaved, and has no finding.
        XCTAssertEqual(joined.sites.map(\.evidence.site), ["TraceDemo/FeedScreen.swift:28", "TraceDemo/FeedScreen.swift:35",
                                                           "TraceDemo/FeedScreen.swift:41"])
        XCTAssertEqual(joined.sites[2].evidence.hasProblem, false)
        XCTAssertEqual(joined.sites[2].pipelines.map(\.lineRanges), [[40...42]])
        XCTAssertEqual(joined.unmatched, [])
    }
}
