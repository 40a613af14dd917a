/// Who keeps a value: a member of `self`, a local, a parameter, or another object's member.
public enum Owner: Sendable, Hashable {
    /// A stored property of `self` (`bag`, `self.bag`).
    case selfMember(String)
    /// A local variable (index into `SyntaxTree.variables`).
    case local(Int)
    /// A parameter of the enclosing function or closure (`inout` bags of a caller).
    case parameter(String)
    /// A member of another object (`viewModel.bag`) or anything else.
    case other(String)

    public var isSelfMember: Bool { if case .selfMember = self { return true } else { return false } }
    /// The member or variable name (the last component of a dotted target).
    public var name: String {
        switch self {
        case .selfMember(let n), .parameter(let n), .other(let n): return n
        case .local: return ""
        }
    }
}

/// What happens to the `AnyCancellable` a subscriber returns.
public enum CancellableStorage: Sendable, Hashable {
    /// Dropped: used as a statement, or `_ =`.
    case discarded
    /// `.store(in: &bag)`.
    case bag(Owner)
    /// Assigned: `self.cancellable = …`, `cancellable = …`, `bag[key] = …`.
    case assigned(Owner)
    /// Inserted or appended: `bag.insert(…)`, `bag.append(…)`, `bag += […]`, `bag.formUnion([…])`.
    case collection(Owner)
    /// Bound to a local: `let c = …` (index into `SyntaxTree.variables`).
    case local(Int)
    /// Returned (explicitly or as a single-expression body).
    case returned
    /// Passed as an argument to some other call, or put in a collection literal.
    case passed
    /// Anything else (an operand, a condition).
    case other
}

/// A subscription made in a chain: the subscriber call and the fate of its cancellable.
public struct Subscription: Sendable, Hashable {
    public enum Subscriber: String, Sendable, Hashable {
        /// `sink(receiveValue:)`, `sink(receiveCompletion:receiveValue:)`.
        case sink
        /// `assign(to:on:)`.
        case assignOnObject
        /// `connect()` of a connectable publisher.
        case connect
        /// `subscribe(subject)` kept with `.store(in:)`: the overload taking a subject returns an
        /// `AnyCancellable` (the one taking a subscriber returns nothing, and cannot be stored).
        case subject
    }
    /// Index into `SyntaxTree.chains`.
    public var chain: Int
    /// Index of the subscriber element in the chain.
    public var element: Int
    public var subscriber: Subscriber
    public var storage: CancellableStorage
}
