#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTrace
import CombineTraceCore
import Dispatch
import Foundation

// The tracer's cost per value (build with -c release: scripts/bench-trace.sh).
// Targets: stopped recorder < 5 ns added per event, in memory < 300 ns per event.
// `TraceBenchmark [--rounds N] [VALUES]` times every case (default 30 rounds of 100,000 values);
// `TraceBenchmark --case INDEX VALUES` runs one case once, for counting its instructions under
// valgrind (scripts/bench-trace.sh --instructions), which a busy machine does not move.

var arguments = Array(CommandLine.arguments.dropFirst())

// `--write-trace PATH MB`: a trace of about MB megabytes for timing `trace report`: screens
// appearing (marks), subscriptions at 50 call sites, values with descriptions, cancels.
if arguments.first == "--write-trace", arguments.count >= 3 {
    let recorder = TraceRecorder()
    try recorder.start(writingTo: arguments[1])
    let target = (Int(arguments[2]) ?? 100) * 1_000_000
    var written = 0
    var round = 0
    while written < target {
        recorder.mark("screen.appear")
        let subject = PassthroughSubject<Int, Never>()
        var tokens: [AnyCancellable] = []
        for site in 0..<50 {
            tokens.append(subject.trace("feed.\(site)", recorder: recorder, describe: { "\($0) posts" }).sink { _ in })
        }
        for value in 0..<200 { subject.send(round * 200 + value) }
        recorder.mark("screen.disappear")
        tokens.forEach { $0.cancel() }
        round += 1
        recorder.flush()
        written = (try? FileManager.default.attributesOfItem(atPath: arguments[1])[.size] as? Int) ?? target
    }
    recorder.stop()
    exit(0)
}

var onlyCase: Int?
if arguments.first == "--case", arguments.count >= 2 {
    onlyCase = Int(arguments[1])
    arguments.removeFirst(2)
}
var rounds = 30
if arguments.first == "--rounds", arguments.count >= 2 {
    rounds = max(1, Int(arguments[1]) ?? rounds)
    arguments.removeFirst(2)
}
let values = Int(arguments.first ?? "") ?? 100_000

/// Sends `values` values through `subject.<operators>.sink`.
func pipeline(_ make: @escaping (PassthroughSubject<Int, Never>) -> AnyCancellable) -> () -> Void {
    {
        let subject = PassthroughSubject<Int, Never>()
        let token = make(subject)
        for value in 0..<values { subject.send(value) }
        token.cancel()
    }
}

/// Sends `values` values from the cheapest upstream through `<operators>.sink`.
func direct(_ make: @escaping (DirectUpstream) -> AnyCancellable) -> () -> Void {
    {
        let upstream = DirectUpstream()
        let token = make(upstream)
        for value in 0..<values { upstream.send(value) }
        token.cancel()
    }
}

var sum = 0
let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("trace-bench-\(getpid()).jsonl").path

let stopped = TraceRecorder()
let memory = TraceRecorder(capacity: values + 16)
let file = TraceRecorder()
let perEvent = TraceRecorder(capacity: values + 16)
let stoppedForRecord = TraceRecorder()

// Rounds interleave the cases so that a busy machine slows them all alike.
let cases: [(String, () -> Void)] = [
    ("untraced pipeline", pipeline { $0.sink { sum &+= $0 } }),
    ("traced, recorder stopped", pipeline { $0.trace("bench", recorder: stopped).sink { sum &+= $0 } }),
    ("traced, recording in memory", pipeline { subject in
        memory.startInMemory()
        return subject.trace("bench", recorder: memory).sink { sum &+= $0 }
    }),
    ("traced, recording to a file", pipeline { subject in
        try? file.start(writingTo: temporary)
        return subject.trace("bench", recorder: file).sink { sum &+= $0 }
    }),
    ("record(_:), recorder stopped", {
        for value in 0..<values { stoppedForRecord.record(.value(sub: UInt64(value & 7), description: nil)) }
    }),
    ("record(_:), in memory", {
        perEvent.startInMemory()
        for value in 0..<values { perEvent.record(.value(sub: UInt64(value & 7), description: nil)) }
    }),
    ("empty loop (baseline)", { for value in 0..<values { sum &+= value & 7 } }),
    ("untraced subject.map.sink", pipeline { $0.map { $0 &+ 1 }.sink { sum &+= $0 } }),
    ("subject.map.trace.sink, stopped", pipeline { $0.map { $0 &+ 1 }.trace("bench", recorder: stopped).sink { sum &+= $0 } }),
    ("untraced direct.sink", direct { $0.sink { sum &+= $0 } }),
    ("direct.trace.sink, stopped", direct { $0.trace("bench", recorder: stopped).sink { sum &+= $0 } }),
    ("direct.trace.sink, in memory", direct { upstream in
        memory.startInMemory()
        return upstream.trace("bench", recorder: memory).sink { sum &+= $0 }
    }),
]
if let onlyCase {
    if onlyCase < 0 || onlyCase >= cases.count {
        for (index, entry) in cases.enumerated() { print("\(index)\t\(entry.0)") }
    } else {
        cases[onlyCase].1()
        file.stop()
        try? FileManager.default.removeItem(atPath: temporary)
    }
    exit(0)
}

// Thread CPU time, not wall time: on a shared machine the thread's waits for a core would swamp
// differences of a few nanoseconds. Each round runs every case once, every other round in reverse
// order so that neither case of a pair always runs first; the least and the median round are
// printed, and each difference is taken both between the least rounds and as the median of the
// rounds' own differences (the two cases of a round ran side by side).
print("CombineTrace benchmark: \(values) values, \(rounds) interleaved rounds, thread CPU time per value")
var samples = [Samples](repeating: Samples(), count: cases.count)
for round in 0..<rounds {
    for index in round % 2 == 0 ? Array(cases.indices) : cases.indices.reversed() {
        let start = threadCPUNanoseconds()
        cases[index].1()
        samples[index].add(Double(threadCPUNanoseconds() - start) / Double(values))
        file.stop()
        memory.stop()
    }
}
print("case".padding(toLength: 36, withPad: " ", startingAt: 0) + "     min   median (ns/value)")
for (index, entry) in cases.enumerated() {
    print(entry.0.padding(toLength: 36, withPad: " ", startingAt: 0)
          + String(format: "%8.1f %8.1f", samples[index].minimum, samples[index].median))
}
try? FileManager.default.removeItem(atPath: temporary)

/// `traced - untraced`: between the least rounds, and the median of the per-round differences.
func added(_ traced: Int, over untraced: Int) -> String {
    var differences = Samples()
    for (one, other) in zip(samples[traced].values, samples[untraced].values) { differences.add(one - other) }
    return String(format: "%7.1f ns (min) %7.1f ns (median)", samples[traced].minimum - samples[untraced].minimum, differences.median)
}

print("")
print("added per value, traced minus untraced:")
print("  recorder stopped, subject.sink:        " + added(1, over: 0) + "   target < 5")
print("  recorder stopped, subject.map.sink:    " + added(8, over: 7) + "   target < 5")
print("  recorder stopped, direct.sink:         " + added(10, over: 9) + "   target < 5")
print("  recorder stopped, record(_:) alone:    " + added(4, over: 6) + "   target < 5")
print("  in memory, subject.sink:               " + added(2, over: 0) + "   target < 300")
print("  in memory, direct.sink:                " + added(11, over: 9) + "   target < 300")
print("  in memory, record(_:) alone:           " + added(5, over: 6) + "   target < 300")
print("  to a file, subject.sink:               " + added(3, over: 0))
print("")

// Two threads recording at once into one recorder.
for (name, start) in [("memory", { (r: TraceRecorder) in r.startInMemory() }),
                      ("file", { (r: TraceRecorder) in try? r.start(writingTo: temporary) })] {
    var fastest = 0.0
    for _ in 0..<min(rounds, 5) {
        let shared = TraceRecorder(capacity: 2 * values + 16)
        start(shared)
        let begin = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let subject = PassthroughSubject<Int, Never>()
            let token = subject.trace("thread \(worker)", recorder: shared).sink { _ in }
            for value in 0..<values { subject.send(value) }
            token.cancel()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
        shared.stop()
        fastest = max(fastest, Double(shared.recordedCount) / seconds)
    }
    try? FileManager.default.removeItem(atPath: temporary)
    print(String(format: "2 threads recording (%@):%@ %6.2f M events/s", name, name == "file" ? "  " : "", fastest / 1e6))
}
if sum == 42 { print("") }
