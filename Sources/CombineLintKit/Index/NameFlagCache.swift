/// Remembered yes/no answers about a name, filled as rules ask (`ProjectIndex.declaresSubjectProperty`).
/// A generated project declares `viewModel` in thousands of types, and rules ask about every
/// chain element named so: without it, each question would walk all those types again.
///
/// Answers depend only on the index, so whichever worker records one first, all see the same.
typealias NameFlagCache = LockedCache<String, Bool>

extension LockedCache where Key == String, Value == Bool {
    /// The answer for `name`, worked out by `make` the first time it is asked.
    func answer(_ name: String, _ make: () -> Bool) -> Bool {
        value(for: name, make)
    }
}
