import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock timing and peak memory for the benchmark.
enum Measurements {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU time of the calling thread: unlike wall time, not inflated when other processes share the cores.
    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Best of `runs` thread CPU timings of `body`, in seconds (for single-threaded work).
    static func bestCPU(of runs: Int, _ body: () -> Void) -> Double {
        best(of: runs, clock: threadCPUTime, body)
    }

    /// Best of `runs` timings of `body`, in seconds.
    static func best(of runs: Int, _ body: () -> Void) -> Double {
        best(of: runs, clock: now, body)
    }

    private static func best(of runs: Int, clock: () -> Double, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = clock()
            body()
            best = min(best, clock() - start)
        }
        return best
    }

    /// Peak resident memory of this process in MB (VmHWM, or getrusage where /proc is missing).
    static func peakMemoryMB() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024 // kilobytes on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576 // bytes on macOS
        #endif
    }
}
