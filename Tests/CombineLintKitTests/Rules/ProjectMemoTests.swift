import Foundation
import XCTest
@testable import CombineLintKit

final class ProjectMemoTests: XCTestCase {
    /// Counts calls from several threads.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    func testWorkersAskingForOneKeyAtOnceMakeItOnce() {
        let memo = ProjectMemo()
        let made = Counter()
        let values = Parallel.map(count: 8, jobs: 4) { _ -> Int in
            memo.value(for: "facts") { () -> Int in
                made.increment()
                Thread.sleep(forTimeInterval: 0.02)  // long enough for the others to ask meanwhile
                return 42
            }
        }
        XCTAssertEqual(values, [Int](repeating: 42, count: 8))
        XCTAssertEqual(made.count, 1)
    }

    func testPrepareMakesAValueOnceAndLaterAsksReadIt() {
        let memo = ProjectMemo()
        let made = Counter()
        memo.prepare("facts") { () -> Int in made.increment(); return 7 }
        memo.prepare("facts") { () -> Int in made.increment(); return 8 }
        XCTAssertEqual(memo.value(for: "facts") { () -> Int in made.increment(); return 9 }, 7)
        XCTAssertEqual(made.count, 1)
    }

    func testPrepareReturnsWithoutWaitingWhileAnotherWorkerMakesTheValue() {
        let memo = ProjectMemo()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = memo.value(for: "facts") { () -> Int in
                started.signal()
                release.wait()
                return 1
            }
            done.signal()
        }
        started.wait()
        // Returns while the value is still being made (a waiting prepare would hang here).
        memo.prepare("facts") { () -> Int in 2 }
        XCTAssertNil(memo.known("facts", as: Int.self))
        release.signal()
        done.wait()
        XCTAssertEqual(memo.known("facts", as: Int.self), 1)
    }
}
