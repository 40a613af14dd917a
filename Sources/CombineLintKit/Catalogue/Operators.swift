/// What an operator does, as far as the rules need to know: one flag per question a rule asks.
///
/// A flag is set where a rule relies on it. A missing flag means no rule treats the name that way
/// (for example `tryCompactMap` is not counted as a publisher-only operator), not a claim about Combine.
public struct OperatorTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// An operator or subscriber of a pipeline: as a member call it works on what came before it, so a
    /// chain past it no longer names a source; a function handed to it under one of
    /// `Catalogue.functionArgumentLabels` (`sink(receiveValue: handle)`) runs for each event.
    public static let pipelineOperator = OperatorTraits(rawValue: 1 << 0)
    /// Its unlabelled argument is a function called for each event (`map(parse)`, `catch(recover)`).
    public static let unlabelledFunction = OperatorTraits(rawValue: 1 << 1)
    /// Its second unlabelled argument is the function called for each value (`scan(0, accumulate)`).
    public static let accumulating = OperatorTraits(rawValue: 1 << 2)
    /// Brings other publishers into the pipeline, as arguments (`merge(with:)`, `Publishers.Merge3(a, b, c)`)
    /// or as values (`flatMap`, `switchToLatest`): after it even a `Just` may never complete, and a
    /// publisher held in a local and handed to it is part of the same subscription.
    public static let combining = OperatorTraits(rawValue: 1 << 3)
    /// An instance operator that merges in publishers passed as arguments (`combineLatest`, `merge`,
    /// `zip`): the result is taken to complete at once only when each of them does too.
    public static let mergingArguments = OperatorTraits(rawValue: 1 << 4)
    /// Emits only once every input has produced a value (`combineLatest`, `zip` and their `Publishers`
    /// types, not `merge`): a nil skipped before it is a value still unknown, not an event.
    public static let waitsForEveryInput = OperatorTraits(rawValue: 1 << 5)
    /// Runs as long as any of its inputs does (`merge`, `combineLatest` and the `Publishers` types
    /// `Merge…`, `CombineLatest…`): one input that never finishes keeps it alive. Not `zip`/`Zip…`,
    /// which finish with their first finished input.
    public static let livesWhileAnyInputLives = OperatorTraits(rawValue: 1 << 6)
    /// Subscribes to the publishers its upstream produces; their failures flow downstream (`flatMap`, `switchToLatest`).
    public static let flattening = OperatorTraits(rawValue: 1 << 7)
    /// Ends the pipeline when an error reaches it, replacing or trapping the error
    /// (`replaceError`, `catch`, `tryCatch`, `assertNoFailure`).
    public static let errorHandler = OperatorTraits(rawValue: 1 << 8)
    /// Cannot turn a publisher that never fails into one that fails.
    public static let cannotFail = OperatorTraits(rawValue: 1 << 9)
    /// Delivers on the thread it receives on: values are still where the last `receive(on:)` put them
    /// (unless a scheduler is passed to it, which the rule checks by its arguments).
    public static let sameThread = OperatorTraits(rawValue: 1 << 10)
    /// Closures after it run later than the upstream's send (after a scheduler hop, a timer, a buffer or
    /// the upstream's completion), by which time an `@Published` property holds its new value.
    public static let defersDelivery = OperatorTraits(rawValue: 1 << 11)
    /// Shapes user input (typing, scrolling) before it drives work (`debounce`, `throttle`, `removeDuplicates`).
    public static let inputShaper = OperatorTraits(rawValue: 1 << 12)
    /// Passes its values on unchanged (timing, threads and sharing aside): a nil going in comes out.
    public static let passesValuesThrough = OperatorTraits(rawValue: 1 << 13)
    /// Makes a request-style pipeline deliver its result and end, so a repeated call leaves nothing
    /// running once it answered: `first`, `prefix`, and `last`, `collect`, `reduce` (which answer when
    /// their upstream finishes, as a request does), and `dataTaskPublisher`, URLSession's request itself.
    public static let oneShot = OperatorTraits(rawValue: 1 << 14)
    /// Emits at most one value whatever its upstream does (`first`, `last`, `reduce`, `count`, …, and
    /// `dataTaskPublisher`). `collect()` and `prefix(1)` do too; their arguments decide, so they are not listed.
    public static let singleValue = OperatorTraits(rawValue: 1 << 15)
    /// Exists on publishers only, not on sequences, optionals or async sequences: seeing it shows that a
    /// chain is Combine's. Not `removeDuplicates`, which async sequences (swift-async-algorithms) and
    /// many `Array` extensions have too.
    public static let publisherOnly = OperatorTraits(rawValue: 1 << 16)
    /// Its closure runs only after someone subscribed, per value or per failure (`flatMap`, `catch`, `tryCatch`).
    public static let closureRunsAfterSubscription = OperatorTraits(rawValue: 1 << 17)
    /// Its closure maps each value; when a `flatMap` or `switchToLatest` follows, the publishers it
    /// returns are the inner publishers subscribed to (`map`, `compactMap`, `tryMap`).
    public static let mapper = OperatorTraits(rawValue: 1 << 18)
    /// Given a publisher (its one unlabelled argument, not values), runs on until that one finishes
    /// too (`append(entries)`, `prepend(cached)`): one that never finishes keeps the pipeline open.
    public static let concatenatesPublisherArgument = OperatorTraits(rawValue: 1 << 19)
    /// Subscribes to its upstream again after a failure (`retry`): a `Future` there replays its
    /// cached result rather than running its work again.
    public static let resubscribesUpstream = OperatorTraits(rawValue: 1 << 20)
}

extension Catalogue {
    /// Combine's operators and subscribers by the name they have in a chain (`map`, `sink`), the
    /// `Publishers` types that combine publishers (`Publishers.Merge3` is met as `Merge3`), a few
    /// publisher members (`values`, `publisher`, `store(in:)`), and combining operators of CombineExt.
    public static let operators: [String: OperatorTraits] = [
        // Transforming and filtering.
        "map": [.pipelineOperator, .unlabelledFunction, .cannotFail, .sameThread, .mapper],
        "tryMap": [.pipelineOperator, .unlabelledFunction, .sameThread, .publisherOnly, .mapper],
        "compactMap": [.pipelineOperator, .unlabelledFunction, .cannotFail, .sameThread, .mapper],
        "tryCompactMap": [.pipelineOperator, .unlabelledFunction, .sameThread],
        "filter": [.pipelineOperator, .unlabelledFunction, .cannotFail, .sameThread],
        "tryFilter": [.pipelineOperator, .unlabelledFunction, .sameThread],
        "removeDuplicates": [.pipelineOperator, .cannotFail, .sameThread, .inputShaper, .passesValuesThrough],
        "tryRemoveDuplicates": [.pipelineOperator, .sameThread],
        "replaceNil": [.cannotFail, .sameThread, .publisherOnly],
        "replaceEmpty": [.sameThread, .publisherOnly],
        "setFailureType": [.pipelineOperator, .cannotFail, .sameThread, .passesValuesThrough, .publisherOnly],
        "eraseToAnyPublisher": [.pipelineOperator, .cannotFail, .sameThread, .passesValuesThrough, .publisherOnly],
        "decode": [.pipelineOperator, .sameThread],
        "encode": [.pipelineOperator, .sameThread],
        "drop": [.pipelineOperator, .sameThread],
        "dropFirst": [.cannotFail, .sameThread],
        "output": [.pipelineOperator, .sameThread],
        "ignoreOutput": [.pipelineOperator, .sameThread, .singleValue, .publisherOnly],

        // Accumulating and reducing to one value.
        "scan": [.pipelineOperator, .accumulating, .sameThread, .publisherOnly],
        "tryScan": [.pipelineOperator, .accumulating, .sameThread],
        "reduce": [.pipelineOperator, .accumulating, .sameThread, .oneShot, .singleValue],
        "tryReduce": [.pipelineOperator, .accumulating, .sameThread, .singleValue],
        "first": [.pipelineOperator, .cannotFail, .sameThread, .oneShot, .singleValue],
        "tryFirst": [.pipelineOperator, .sameThread, .singleValue],
        "last": [.pipelineOperator, .cannotFail, .sameThread, .oneShot, .singleValue],
        "tryLast": [.pipelineOperator, .sameThread, .singleValue],
        "prefix": [.pipelineOperator, .sameThread, .oneShot],
        "collect": [.pipelineOperator, .sameThread, .defersDelivery, .oneShot],
        "count": [.sameThread, .singleValue],
        "contains": [.pipelineOperator, .sameThread, .singleValue],
        "tryContains": [.pipelineOperator],
        "allSatisfy": [.pipelineOperator, .sameThread, .singleValue],
        "tryAllSatisfy": [.pipelineOperator],
        "min": [.pipelineOperator, .sameThread, .singleValue],
        "max": [.pipelineOperator, .sameThread, .singleValue],
        "tryMin": [.pipelineOperator],
        "tryMax": [.pipelineOperator],

        // Errors.
        "catch": [.pipelineOperator, .unlabelledFunction, .errorHandler, .publisherOnly, .closureRunsAfterSubscription],
        "tryCatch": [.pipelineOperator, .unlabelledFunction, .errorHandler, .publisherOnly, .closureRunsAfterSubscription],
        "replaceError": [.pipelineOperator, .errorHandler, .sameThread, .publisherOnly],
        "assertNoFailure": [.errorHandler, .sameThread, .publisherOnly],
        "mapError": [.pipelineOperator, .unlabelledFunction, .sameThread, .publisherOnly],
        "retry": [.pipelineOperator, .sameThread, .publisherOnly, .resubscribesUpstream],

        // Timing and threads.
        "receive": [.pipelineOperator, .cannotFail, .defersDelivery, .passesValuesThrough, .publisherOnly],
        "subscribe": [.pipelineOperator, .cannotFail, .sameThread, .defersDelivery, .passesValuesThrough, .publisherOnly],
        "debounce": [.pipelineOperator, .defersDelivery, .inputShaper, .passesValuesThrough, .publisherOnly],
        "throttle": [.pipelineOperator, .defersDelivery, .inputShaper, .passesValuesThrough, .publisherOnly],
        "delay": [.pipelineOperator, .cannotFail, .defersDelivery, .passesValuesThrough, .publisherOnly],
        "timeout": [.pipelineOperator, .defersDelivery, .publisherOnly],
        "buffer": [.defersDelivery, .passesValuesThrough],
        "measureInterval": [.pipelineOperator],

        // Side effects and debugging (`trace` is CombineTrace's operator).
        "handleEvents": [.pipelineOperator, .cannotFail, .sameThread, .passesValuesThrough, .publisherOnly],
        "print": [.pipelineOperator, .cannotFail, .sameThread, .passesValuesThrough],
        "breakpoint": [.pipelineOperator, .sameThread, .passesValuesThrough, .publisherOnly],
        "breakpointOnError": [.sameThread],
        "trace": [.pipelineOperator, .cannotFail, .sameThread, .passesValuesThrough],

        // Sharing and connecting.
        "share": [.pipelineOperator, .sameThread, .passesValuesThrough, .publisherOnly],
        "multicast": [.pipelineOperator, .publisherOnly],
        "makeConnectable": [.passesValuesThrough, .publisherOnly],
        "autoconnect": [.passesValuesThrough, .publisherOnly],

        // Combining and flattening.
        "merge": [.pipelineOperator, .combining, .mergingArguments, .livesWhileAnyInputLives],
        "combineLatest": [.pipelineOperator, .combining, .mergingArguments, .waitsForEveryInput, .livesWhileAnyInputLives, .publisherOnly],
        "zip": [.pipelineOperator, .combining, .mergingArguments, .waitsForEveryInput],
        "append": [.pipelineOperator, .combining, .concatenatesPublisherArgument],
        "prepend": [.pipelineOperator, .combining, .cannotFail, .concatenatesPublisherArgument],
        "flatMap": [.pipelineOperator, .unlabelledFunction, .combining, .flattening, .closureRunsAfterSubscription],
        "switchToLatest": [.pipelineOperator, .combining, .flattening, .publisherOnly],
        // CombineExt.
        "flatMapLatest": [.combining],
        "amb": [.combining],

        // `Publishers` types that combine publishers.
        "Merge": [.combining, .livesWhileAnyInputLives],
        "Merge3": [.combining, .livesWhileAnyInputLives],
        "Merge4": [.combining, .livesWhileAnyInputLives],
        "Merge5": [.combining, .livesWhileAnyInputLives],
        "Merge6": [.combining, .livesWhileAnyInputLives],
        "Merge7": [.combining, .livesWhileAnyInputLives],
        "Merge8": [.combining, .livesWhileAnyInputLives],
        "MergeMany": [.combining, .livesWhileAnyInputLives],
        "CombineLatest": [.combining, .waitsForEveryInput, .livesWhileAnyInputLives],
        "CombineLatest3": [.combining, .waitsForEveryInput, .livesWhileAnyInputLives],
        "CombineLatest4": [.combining, .waitsForEveryInput, .livesWhileAnyInputLives],
        "Zip": [.combining, .waitsForEveryInput],
        "Zip3": [.combining, .waitsForEveryInput],
        "Zip4": [.combining, .waitsForEveryInput],

        // Subscribers, and members met in pipelines.
        "sink": [.pipelineOperator, .publisherOnly],
        "assign": [.pipelineOperator, .publisherOnly],
        "store": [.publisherOnly],
        "values": [.publisherOnly],
        "publisher": [.publisherOnly],
        // URLSession's request publisher, met as a member call.
        "dataTaskPublisher": [.oneShot, .singleValue],
    ]

    /// The names in `operators` that have every trait of `traits`.
    public static func operatorNames(with traits: OperatorTraits) -> Set<String> {
        Set(operators.lazy.filter { $0.value.isSuperset(of: traits) }.map(\.key))
    }

    /// Operators and subscribers (`OperatorTraits.pipelineOperator`): past one, a chain no longer names a source.
    public static let pipelineOperators = operatorNames(with: .pipelineOperator)
    /// The first argument labels Combine's operators of these names take (`nil`: unlabelled). A call
    /// of the name with another first label is a project method that shares the name
    /// (`api.subscribe(to: id)`, `merge(into: draft)`), not the operator.
    public static let operatorFirstArgumentLabels: [String: Set<String?>] = [
        "subscribe": ["on", nil],
        "receive": ["on", "subscriber", "completion", "subscription", nil],
        "merge": ["with"],
        "decode": ["type"],
        "encode": ["encoder"],
        "replaceError": ["with"],
        "replaceNil": ["with"],
        "replaceEmpty": ["with"],
        "delay": ["for"],
        "debounce": ["for"],
        "throttle": ["for"],
        "retry": [nil],
        "share": [],
        "assign": ["to"],
        "scan": [nil],
        "tryScan": [nil],
    ]

    /// Operators that always take an input and a function (`scan(0) { … }`, `scan(0, +)`): written
    /// with no argument and no closure (`library.scan()`, `scanner.scan(folder:)`), or with one
    /// argument and no closure (`scanner.scan(url)`), the name is a project method's.
    public static let operatorsTakingInput: Set<String> = ["scan", "tryScan"]

    /// Whether a chain element is a call of the Combine operator or subscriber of its name: a
    /// pipeline operator's name, with arguments under the labels that operator takes.
    public static func isPipelineOperator(_ element: ChainElement) -> Bool {
        guard pipelineOperators.contains(element.name) else { return false }
        guard element.isCall, let labels = operatorFirstArgumentLabels[element.name] else { return true }
        guard let first = element.arguments.first else {
            return !operatorsTakingInput.contains(element.name) || !element.trailingClosures.isEmpty
        }
        if operatorsTakingInput.contains(element.name), element.arguments.count + element.trailingClosures.count < 2 { return false }
        return labels.contains(first.label)
    }

    /// Where the source of a chain ends: the position of its first pipeline operator from `start`,
    /// or `end` when none stands before `end` (`provider.save(x)` in `provider.save(x).receive(on: q)`
    /// is elements 0 and 1, the operator 2).
    public static func firstPipelineOperator(in elements: ChainElements, from start: Int = 1, before end: Int) -> Int {
        var i = start
        while i < end, !isPipelineOperator(elements[i]), !isOperatorOfProjection(elements, at: i) { i += 1 }
        return i
    }

    /// `$rows.dropFirst()`: an operator that collections share (`dropFirst`), right after a projected
    /// property, which is a publisher (not `$0.dropFirst()`, a closure's parameter).
    private static func isOperatorOfProjection(_ elements: ChainElements, at i: Int) -> Bool {
        i > 0 && elements[i].isCall && operatorsSharedWithCollections.contains(elements[i].name) && isProjected(elements[i - 1].name)
    }

    /// Operators whose unlabelled argument is a function called for each event.
    public static let unlabelledFunctionOperators = operatorNames(with: .unlabelledFunction)
    /// Operators whose second unlabelled argument is the function (`scan(0, accumulate)`).
    public static let accumulatingOperators = operatorNames(with: .accumulating)
    /// Operators and `Publishers` types that bring other publishers into the pipeline.
    public static let combiningOperators = operatorNames(with: .combining)
    /// `combineLatest`, `merge`, `zip`: a pipeline that uses them completes at once only if each argument does.
    public static let mergingOperators = operatorNames(with: .mergingArguments)
    /// `combineLatest`, `zip` and their `Publishers` types: they wait for a value from every input.
    public static let waitingCombiners = operatorNames(with: .waitsForEveryInput)
    /// `merge`, `combineLatest`, `Publishers.Merge…` and `Publishers.CombineLatest…`: never finishing
    /// when one input never finishes.
    public static let combinersLivingAsLongAsAnyInput = operatorNames(with: .livesWhileAnyInputLives)
    /// `append`, `prepend`: given a publisher, never finishing when it never finishes.
    public static let concatenatingOperators = operatorNames(with: .concatenatesPublisherArgument)
    /// `flatMap`, `switchToLatest`: the inner publishers' errors reach the outer pipeline.
    public static let flatteningOperators = operatorNames(with: .flattening)
    /// Operators that end the pipeline when an error reaches them.
    public static let errorHandlers = operatorNames(with: .errorHandler)
    /// Operators that cannot make a failure out of a publisher that has none.
    public static let nonFailingOperators = operatorNames(with: .cannotFail)
    /// Operators that deliver on the thread they receive on.
    public static let sameThreadOperators = operatorNames(with: .sameThread)
    /// Operators after which closures run once an `@Published` property holds its new value.
    public static let deferringOperators = operatorNames(with: .defersDelivery)
    /// Operators that shape user input before it drives requests.
    public static let inputShapers = operatorNames(with: .inputShaper)
    /// Operators that pass values through unchanged (a nil stays a nil).
    public static let transparentOperators = operatorNames(with: .passesValuesThrough)
    /// Operators after which a request-style pipeline answers once and ends.
    /// (Compare `singleValueOperators`: `prefix(3)` ends a pipeline but emits three values.)
    public static let oneShotOperators = operatorNames(with: .oneShot)
    /// Operators that emit at most one value, whatever the upstream does.
    /// (Compare `oneShotOperators`, which ask whether the pipeline ends, not how often it emits.)
    public static let singleValueOperators = operatorNames(with: .singleValue)
    /// Operators and members only publishers have: evidence that a chain is Combine's.
    public static let publisherOnlyOperators = operatorNames(with: .publisherOnly)
    /// `retry`: operators that subscribe to their upstream again after a failure.
    public static let retryOperators = operatorNames(with: .resubscribesUpstream)
    /// `map`, `compactMap`, `tryMap`: the closure that makes the inner publishers when a flattening operator follows.
    public static let mappers = operatorNames(with: .mapper)
    /// Calls whose closures run only after someone subscribed: the operators with
    /// `closureRunsAfterSubscription` and the lazy roots (`Deferred`).
    public static let lazyClosureCalls = operatorNames(with: .closureRunsAfterSubscription).union(lazyRoots)

    /// Argument labels under which Combine's operators and subscribers take a function that runs per event.
    public static let functionArgumentLabels: Set<String> = [
        "receiveValue", "receiveCompletion", "receiveSubscription", "receiveOutput", "receiveCancel",
        "receiveRequest", "where", "while", "by", "transform", "isIncluded", "nextPartialResult",
    ]
}
