#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTraceTesting
import XCTest

final class TestSchedulerTests: XCTestCase {
    func testNothingRunsUntilTheClockMovesThenEachActionRunsAtItsTime() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { log.append("300 ms at \(scheduler.now)") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { log.append("100 ms at \(scheduler.now)") }
        scheduler.schedule { log.append("now at \(scheduler.now)") }
        XCTAssertEqual(log, [])
        XCTAssertEqual(scheduler.pendingCount, 3)
        scheduler.advance(by: .milliseconds(150))
        XCTAssertEqual(log, ["now at 0 ns", "100 ms at 100000000 ns"])
        XCTAssertEqual(scheduler.now, .init(nanoseconds: 150_000_000))
        scheduler.run()
        XCTAssertEqual(log.last, "300 ms at 300000000 ns")
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testActionsDueAtTheSameTimeRunInTheOrderScheduled() {
        let scheduler = TestScheduler()
        var log: [Int] = []
        for index in 0..<5 { scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append(index) } }
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(log, [0, 1, 2, 3, 4])
    }

    func testARepeatingActionRunsAtEachIntervalUntilCancelled() {
        let scheduler = TestScheduler()
        var ticks: [Int] = []
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
            ticks.append(scheduler.now.nanoseconds / 1_000_000_000)
        }
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(ticks, [1, 2, 3])
        timer.cancel()
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(ticks, [1, 2, 3])
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testAnActionScheduledInThePastRunsAtTheNextAdvance() {
        let scheduler = TestScheduler(now: .init(nanoseconds: 1_000))
        var ran = false
        scheduler.schedule(after: .init(nanoseconds: 10)) { ran = true }
        scheduler.advance()
        XCTAssertTrue(ran)
        XCTAssertEqual(scheduler.now.nanoseconds, 1_000, "the clock never goes back")
    }

    func testStridesConvertAsCombineSpellsThem() {
        typealias Stride = TestScheduler.SchedulerTimeType.Stride
        XCTAssertEqual(Stride.seconds(2), Stride(nanoseconds: 2_000_000_000))
        XCTAssertEqual(Stride.seconds(0.5), Stride.milliseconds(500))
        XCTAssertEqual(Stride.microseconds(3), Stride.nanoseconds(3_000))
        XCTAssertEqual(Stride.milliseconds(1) * 3, Stride.milliseconds(3))
        XCTAssertEqual(-Stride.seconds(1), Stride(nanoseconds: -1_000_000_000))
        XCTAssertTrue(Stride.milliseconds(1) < .seconds(1))
    }
}
