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
}
