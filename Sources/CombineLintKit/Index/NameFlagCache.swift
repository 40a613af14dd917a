import Foundation

/// Remembered yes/no answers about a name, filled as rules ask (`ProjectIndex.declaresSubjectProperty`).
/// A generated project declares `viewModel` in thousands of types, and rules ask about every
/// chain element named so: without it, each question would walk all those types again.
///
/// Answers depend only on the index, so whichever worker records one first, all see the same.
final class NameFlagCache: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: Bool] = [:]

    func answer(_ name: String, _ make: () -> Bool) -> Bool {
        lock.lock()
        if let known = answers[name] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = make()
        lock.lock()
        answers[name] = made
        lock.unlock()
        return made
    }
}
