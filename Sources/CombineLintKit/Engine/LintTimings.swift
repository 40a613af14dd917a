import Dispatch

/// Where a lint run spent its time (`combinelint lint --timings`), as ESLint's `TIMING` and
/// SwiftLint's `--benchmark` report it: wall time per phase, and the time of each rule summed
/// over the files (CPU time of the workers, so it can exceed the rules phase's wall time).
public struct LintTimings: Sendable, Equatable {
    /// One phase of the run, in the order it ran.
    public struct Phase: Sendable, Equatable {
        public var name: String
        public var seconds: Double
    }

    public private(set) var phases: [Phase] = []
    /// Seconds per rule id, summed over every file.
    public private(set) var rules: [String: Double] = [:]
    /// Seconds of each project-wide fact the rules make before the files (`Preparation`), by name.
    public private(set) var facts: [String: Double] = [:]

    public init() {}

    /// Adds `seconds` to the phase `name` (a new phase goes last).
    public mutating func add(_ name: String, _ seconds: Double) {
        if let i = phases.firstIndex(where: { $0.name == name }) {
            phases[i].seconds += seconds
        } else {
            phases.append(Phase(name: name, seconds: seconds))
        }
    }

    /// Adds `seconds` to the rule `id`.
    public mutating func addRule(_ id: String, _ seconds: Double) { rules[id, default: 0] += seconds }

    /// Adds `seconds` to the project fact `name`.
    public mutating func addFact(_ name: String, _ seconds: Double) { facts[name, default: 0] += seconds }

    /// Adds another run's figures (a `--fix` run lints twice).
    public mutating func merge(_ other: LintTimings) {
        for phase in other.phases { add(phase.name, phase.seconds) }
        for (id, seconds) in other.rules { addRule(id, seconds) }
        for (name, seconds) in other.facts { addFact(name, seconds) }
    }

    /// The table printed on standard error: phases in order, then rules slowest first.
    public func rendered(total: Double) -> String {
        var lines = ["phase                              seconds"]
        for phase in phases { lines.append(row(phase.name, phase.seconds, width: 34)) }
        lines.append(row("total", total, width: 34))
        let ruleTotal = rules.values.reduce(0, +)
        lines.append("")
        lines.append("rule (CPU seconds over all files)  seconds   share")
        for (id, seconds) in rules.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            let share = ruleTotal > 0 ? seconds / ruleTotal * 100 : 0
            lines.append(row(id, seconds, width: 34) + "  " + pad(fixed(share, 1) + "%", 6))
        }
        if !facts.isEmpty {
            // One fact a worker: the phase's wall time is about its slowest fact's.
            lines.append("")
            let width = max(34, (facts.keys.map(\.count).max() ?? 0) + 1)
            lines.append(row("project fact (CPU seconds)", nil, width: width) + " seconds")
            for (name, seconds) in facts.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
                lines.append(row(name, seconds, width: width))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `name` padded to `width`, then `seconds` (nothing for a heading).
    private func row(_ name: String, _ seconds: Double?, width: Int) -> String {
        let label = name.count >= width ? name : name + String(repeating: " ", count: width - name.count)
        guard let seconds else { return label }
        return label + " " + pad(fixed(seconds, 3), 7)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `value` with `digits` decimals (Foundation's formatting is not needed for this).
    private func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

/// Seconds since an arbitrary start, from the monotonic clock (available on every platform the
/// package supports, unlike `ContinuousClock`).
@inline(__always)
func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
