/// Where subscriptions and their cancellables go.
extension Catalogue {
    /// The calls that subscribe and return a cancellable: `sink`, `assign(to:on:)`, a connectable's `connect()`.
    public static let subscriberCalls: Set<String> = ["sink", "assign", "connect"]
    /// The subscribers among them that take the values (not a connectable's `connect()`).
    public static let valueSubscriberCalls: Set<String> = ["sink", "assign"]

    /// Members that subscribe for `async` code: a `Future`'s `value` (awaited once) and any
    /// publisher's `values` (an `AsyncSequence` that subscribes when iterated).
    public static let asyncSubscriberMembers: Set<String> = ["value", "values"]

    /// Calls that take a subject as the subscriber they send into: `publisher.subscribe(subject)`,
    /// `multicast(subject:)`, `AnySubscriber(subject)`, `receive(subscriber: subject)`.
    public static let subscriberTakingCalls: Set<String> = ["subscribe", "multicast", "AnySubscriber", "receive"]

    /// Subscribers made by hand from closures: `AnySubscriber(receiveSubscription:receiveValue:receiveCompletion:)`
    /// and `Subscribers.Sink(receiveCompletion:receiveValue:)` (written with its namespace). Whoever keeps
    /// one, or the publisher it is subscribed to, keeps its closures.
    public static let closureSubscriberTypes: Set<String> = ["AnySubscriber", "Sink"]
    /// The namespace `Sink` must be written in to be Combine's.
    public static let subscribersNamespace = "Subscribers"

    /// Collection methods that put a cancellable into the collection they are called on:
    /// `bag.insert(c)`, `bag.append(contentsOf: [a.sink { … }])`, `bag.formUnion([…])`, and the
    /// non-mutating `appending`/`union`, whose result is assigned back to the bag.
    public static let bagInsertionMethods: Set<String> = [
        "insert", "append", "formUnion", "add", "update", "store", "appending", "union",
    ]

    /// The methods of `bagInsertionMethods` that leave the bag as it is and return a new collection
    /// with its contents (`bag.union(other)`, `bag.appending(x)`).
    public static let bagCopyingMethods: Set<String> = ["union", "appending"]

    /// CombineExt's `assign(to:on:ownership:)`: the label, and the values with which the
    /// subscriber holds the object it assigns to weakly (no retain cycle through it).
    public static let assignOwnershipLabel = "ownership"
    public static let weakAssignOwnerships: Set<String> = [".weak", ".unowned"]

    /// Whether a declared type is a collection of cancellables, as a helper returning the
    /// subscriptions it makes writes it: `[AnyCancellable]`, `Set<AnyCancellable>`, `Array<AnyCancellable>`.
    public static func isCancellableCollectionType(_ text: String) -> Bool {
        let compact = text.filter { $0 != " " }
        return compact == "[AnyCancellable]" || compact == "Set<AnyCancellable>" || compact == "Array<AnyCancellable>"
    }

    /// Calls without arguments that empty a bag, cancelling what it holds: the collection's
    /// `removeAll()`, and the emptying calls of bag classes (`cancelBag.cancel()`,
    /// `disposeBag.dispose()`, `bag.disposeAll()`, `store.removeAllCancellables()`, `pulseBag.drain()`).
    public static let bagEmptyingCalls: Set<String> = [
        "removeAll", "cancelAll", "cancel", "dispose", "disposeAll", "removeAllCancellables",
        // A project's own reference bag (`final class SubscriptionBag { func drain() { … } }`).
        "drain", "clear",
    ]

    /// Calls whose closure parameter returns `Void`: a subscription that is the whole body of such a
    /// closure (`DispatchQueue.main.async { p.sink { … } }`) is dropped, not returned.
    public static let voidClosureCalls: Set<String> = [
        "async", "asyncAfter", "forEach", "onAppear", "onDisappear", "onReceive", "onChange", "animate",
        "addOperation", "sink", "handleEvents", "scheduledTimer", "addObserver", "UIAction", "task",
        "onTapGesture", "onLongPressGesture", "onSubmit", "onOpenURL", "onDismiss",
        // An alert action's handler, a presentation's completion, a batch update or transition's block.
        "UIAlertAction", "present", "dismiss", "performBatchUpdates", "transition", "beginSheetModal",
        // `Future { promise in … }`: the attempt returns nothing.
        "Future",
    ]

    /// Calls that block or suspend the current scope until a subscription has done its work
    /// (XCTest's `wait(for:timeout:)`, `fulfillment(of:)`, `RunLoop.run`, `sleep`, a command-line tool's
    /// `dispatchMain()` or `CFRunLoopRun()`, which never return): a local cancellable kept up to one of them lives long enough.
    public static let waitingCalls: Set<String> = ["wait", "waitForExpectations", "fulfillment", "sleep", "run", "waitUntil", "dispatchMain", "CFRunLoopRun"]

    /// Test assertions that fail when what they check was never set (`XCTAssertTrue(done)`,
    /// `XCTAssertEqual(values, [1, 2])`, `#expect(count == 2)`), unless compared with an empty value.
    public static let assertionsOfAValue: Set<String> = [
        "XCTAssertTrue", "XCTAssert", "XCTAssertEqual", "XCTAssertNotNil", "XCTUnwrap", "XCTAssertGreaterThan",
        "XCTAssertGreaterThanOrEqual", "#expect", "#require",
    ]

    /// Words of what a value holds before anything was delivered to it: an assertion against one
    /// (`XCTAssertEqual(count, 0)`, `XCTAssertTrue(values.isEmpty)`) passes when nothing came. (Empty
    /// literals, `[]`, `[:]` and `""`, are told by their tokens.)
    public static let emptyValueWords: Set<String> = ["nil", "false", "isEmpty", "0"]
}
