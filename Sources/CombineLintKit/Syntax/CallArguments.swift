/// The arguments of one call, in order, indexed from 0: a view of the array that holds the
/// arguments and trailing closures of every call of a file (one allocation per file instead of
/// one or two per call).
public struct CallArguments: RandomAccessCollection, Sendable, Hashable {
    let storage: [Argument]
    let start: Int
    public let count: Int

    init(storage: [Argument], start: Int, count: Int) {
        self.storage = storage
        self.start = start
        self.count = count
    }

    /// Arguments of their own (tests, and calls built outside a file's parse).
    public init(_ arguments: [Argument]) {
        self.init(storage: arguments, start: 0, count: arguments.count)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Argument {
        precondition(position >= 0 && position < count, "argument index out of range")
        return storage[start + position]
    }

    /// Equal when the arguments are, wherever they are stored.
    public static func == (lhs: CallArguments, rhs: CallArguments) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for argument in self { hasher.combine(argument) }
    }
}

/// The trailing closures of one call, in order, indexed from 0: a view of the same per-file
/// array as `CallArguments`, where each trailing closure is kept as an argument whose value is
/// the closure's braces. Equal by content, as the run it reads is.
public struct TrailingClosures: RandomAccessCollection, Sendable, Hashable {
    /// The trailing closures as they are stored.
    let run: CallArguments

    public var startIndex: Int { 0 }
    public var endIndex: Int { run.count }

    public subscript(position: Int) -> TrailingClosure {
        let stored = run[position]
        return TrailingClosure(label: stored.label, closure: stored.closure ?? -1)
    }
}
