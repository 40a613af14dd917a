import CombineTraceCore
import XCTest

final class TraceLineFormatTests: XCTestCase {
    func testSubscribeLineMatchesTheDesignExample() {
        let event = TraceEvent(seq: 7, time: 1_532_001, thread: "main",
                               kind: .subscribe(sub: 3, label: "feed", site: "Feed/FeedViewController.swift:42"))
        XCTAssertEqual(TraceLineEncoder.line(event),
                       #"{"v":1,"seq":7,"t":1532001,"ev":"subscribe","thread":"main","sub":3,"label":"feed","site":"Feed/FeedViewController.swift:42"}"# + "\n")
    }

    func testEveryEventKindHasItsFields() {
        let kinds: [(TraceEventKind, String)] = [
            (.request(sub: 1, demand: .unlimited), #""ev":"request","thread":"q","sub":1,"demand":"unlimited"}"#),
            (.request(sub: 1, demand: .max(3)), #""ev":"request","thread":"q","sub":1,"demand":3}"#),
            (.value(sub: 2, description: nil), #""ev":"value","thread":"q","sub":2}"#),
            (.value(sub: 2, description: "a\"b\\c\nd\u{1}"), #""ev":"value","thread":"q","sub":2,"desc":"a\"b\\c\nd\u0001"}"#),
            (.finished(sub: 4), #""ev":"finished","thread":"q","sub":4}"#),
            (.failure(sub: 4, error: "timeout"), #""ev":"failure","thread":"q","sub":4,"error":"timeout"}"#),
            (.cancel(sub: 5), #""ev":"cancel","thread":"q","sub":5}"#),
            (.mark(name: "feed.appear"), #""ev":"mark","thread":"q","name":"feed.appear"}"#),
            (.track(object: 9, type: "FeedModel", label: "m", site: "A.swift:1"), #""ev":"track","thread":"q","obj":9,"type":"FeedModel","label":"m","site":"A.swift:1"}"#),
            (.expectRelease(object: 9), #""ev":"expect_release","thread":"q","obj":9}"#),
            (.release(object: 9), #""ev":"release","thread":"q","obj":9}"#),
            (.dropped(count: 12), #""ev":"dropped","thread":"q","count":12}"#),
        ]
        for (kind, tail) in kinds {
            let line = TraceLineEncoder.line(TraceEvent(seq: 1, time: 0, thread: "q", kind: kind))
            XCTAssertEqual(line, #"{"v":1,"seq":1,"t":0,"#.appending(tail) + "\n")
        }
    }

    func testReaderReadsBackWhatTheEncoderWrites() {
        let events = TraceFixtures.feed.events + [
            TraceEvent(seq: 100, time: UInt64.max / 2, thread: "ünï \"q\"", kind: .failure(sub: 3, error: "é\t😀")),
            TraceEvent(seq: 101, time: 1, thread: "t", kind: .request(sub: 3, demand: .max(0))),
            TraceEvent(seq: 102, time: 2, thread: "t", kind: .dropped(count: 4)),
        ]
        let document = TraceReader.parse(TraceLineEncoder.document(events))
        XCTAssertEqual(document.problems, [])
        XCTAssertEqual(document.events, events)
    }

    func testUnknownFieldsAndEventsAreIgnored() {
        let text = """
        {"v":1,"seq":1,"t":5,"ev":"subscribe","thread":"main","sub":1,"label":"a","site":"A.swift:1","extra":{"x":[1,2,{"y":null}]},"flag":true}
        {"v":1,"seq":2,"t":6,"ev":"future_event","thread":"main","whatever":1.5e3}

        {"v":1,"seq":3,"t":7,"ev":"cancel","thread":"main","sub":1}
        """
        let document = TraceReader.parse(text)
        XCTAssertEqual(document.problems, [])
        XCTAssertEqual(document.events.map(\.kind), [.subscribe(sub: 1, label: "a", site: "A.swift:1"), .cancel(sub: 1)])
    }

    func testMalformedAndTruncatedLinesAreSkippedWithTheirLineNumbers() {
        let text = """
        {"v":1,"seq":1,"t":5,"ev":"subscribe","thread":"main","sub":1,"label":"a","site":"A.swift:1"}
        not json
        {"v":1,"seq":2,"t":6,"ev":"value","thread":"main"}
        {"v":2,"seq":3,"t":6,"ev":"value","thread":"main","sub":1}
        {"v":1,"seq":4,"t":7,"ev":"request","thread":"main","sub":1,"demand":"lots"}
        {"v":1,"seq":5,"t":8,"ev":"value","thread":"main","sub":1}
        {"v":1,"seq":6,"t":9,"ev":"cancel","thread":"main","s
        """
        let document = TraceReader.parse(text)
        XCTAssertEqual(document.problems, [
            TraceReadProblem(line: 2, message: "malformed JSON at column 1: expected '{'"),
            TraceReadProblem(line: 3, message: "missing field \"sub\""),
            TraceReadProblem(line: 4, message: "unsupported trace version 2"),
            TraceReadProblem(line: 5, message: "field \"demand\" is neither \"unlimited\" nor a count"),
            TraceReadProblem(line: 7, message: "malformed JSON at column 54: unterminated string, found end of line"),
        ])
        XCTAssertEqual(document.events.map(\.seq), [1, 5])
        XCTAssertEqual(TraceAnalysis().analyze(document).leaked.map(\.subs), [[1]])
    }
}
