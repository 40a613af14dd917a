/// An optional `CurrentValueSubject` or `@Published` property that starts at `nil` only so that
/// its subscribers can skip it (or that its subscriber resets to `nil` after handling a value):
/// a one-shot event kept as state, replayed to every new subscriber.
public struct SubjectFakeInitialValueRule: Rule {
    public static let description = RuleDescription(
        id: "subject_fake_initial_value",
        name: "Event modelled as optional state",
        defaultSeverity: .warning,
        summary: "An optional CurrentValueSubject or @Published property starting at nil whose subscribers skip the nil: an event that every new subscriber receives again.")

    public init() {}

    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [Preparation(Self.projectionGettersKey) { _ = Self.projectionGetters(index: index, memo: memo) }]
    }

    private static let projectionGettersKey = "subject_fake_initial_value.projection-getters"

    /// `projectionGetters(index:)`, once per run.
    static func projectionGetters(index: ProjectIndex, memo: ProjectMemo) -> [String: [String]] {
        memo.value(for: projectionGettersKey) { projectionGetters(index: index) }
    }

    /// Candidates are `@Published` properties and `CurrentValueSubject`s declared in the file.
    static let requiredNames = NameSet(["Published", "CurrentValueSubject"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        for (v, variable) in tree.variables.enumerated() where !variable.isLocal && variable.enclosingType != nil {
            guard let (kind, valueType) = candidate(v, in: tree) else { continue }
            // A notice by its name (`locationError`) stays an event; a standing state's value type may
            // name one (`selectedSubscriptionID: DockAlertSubscription.ID?` selects among alerts).
            if namesStandingState(variable.name, valueType: valueType), !Self.namesANotice(variable.name) { continue }
            let typeName = tree.types[variable.enclosingType!].name.lastNameComponent
            // Asked once per simple type name, kind and property name: every feature of an app may
            // declare a nested `ViewModel` with the same `title`.
            let key = "subject_fake_initial_value.evidence\u{0}\(kind)\u{0}\(typeName)\u{0}" + variable.name
            let evidence = context.memo.value(for: key) {
                Evidence.gather(name: variable.name, kind: kind, declaringType: typeName, index: context.index, memo: context.memo)
            }
            guard evidence.isEvent || (evidence.isEventByItsConsumers && namesANotice(variable, valueType: valueType)) else { continue }
            // Loaded data (`course` filled with what `fetchCourse(id)` answers) is a state; a notice,
            // a request or a command named so stays an event, whatever writes it.
            if kind == .published, !namesAnEvent(variable, valueType: valueType), !evidence.navigates,
               context.memo.value(for: "subject_fake_initial_value.loaded\u{0}\(typeName)\u{0}" + variable.name, {
                   Self.holdsOnlyLoadedValues(of: variable.name, declaringType: typeName, index: context.index, memo: context.memo)
               }) { continue }
            let what = kind == .published ? "`@Published var \(variable.name)`" : "`\(variable.name)`"
            let message = "\(what) starts at nil only for its subscribers to skip it: an event kept as state, replayed to every new subscriber."
            let help = "Send the event through a `PassthroughSubject` (exposed as an `AnyPublisher`), which keeps no value and gives each subscriber only what is sent after it subscribed."
            findings.append(context.finding(tokens: variable.nameToken, message: message, help: help))
        }
        return findings
    }

    enum Kind: Sendable { case published, subject }

    /// Whether variable v is an optional `@Published` property or `CurrentValueSubject` starting at
    /// nil, and its value type as written (`Toast?`).
    func candidate(_ v: Int, in tree: SyntaxTree) -> (kind: Kind, valueType: String)? {
        let variable = tree.variables[v]
        if variable.hasAttribute("Published") {
            guard !variable.isLet, !variable.isComputed, TypeText.isOptional(variable.typeText) else { return nil }
            // `= nil`, `= .none` or `= Optional<Toast>.none`: a few tokens (a longer initial value is never one of them).
            if let range = variable.initializer {
                guard range.count <= 12 else { return nil }
                guard spellsNil(compact(tree.text(range.lowerBound, range.upperBound))) else { return nil }
            }
            return (.published, variable.typeText)
        }
        // The initial value's text is made only for a subject (most initial values are not).
        guard variable.typeText.hasPrefix("CurrentValueSubject")
                || variable.initializer.map({ tree.sourceContains($0, "CurrentValueSubject") }) ?? false else { return nil }
        let initializer = variable.initializer.map { compact(tree.text($0.lowerBound, $0.upperBound)) }
        // The declaring chain: `CurrentValueSubject<String?, Never>(nil)` or `.init(nil)`.
        let chain = variable.initializer.flatMap { initializer in
            tree.chains(in: initializer).first { if case .declaration(let d) = $0.context { return d == v } else { return false } }
        }
        var generics = ""
        var argument: String?
        if let chain, chain.elements.count == 1 || (chain.elements.count == 2 && chain.root.name == "Combine") {
            let element = chain.elements[chain.elements.count - 1]
            if element.name == "CurrentValueSubject" || element.name == ".init" || element.name == "init" {
                generics = tree.genericArguments(of: element)
                if element.arguments.count == 1 {
                    let value = element.arguments[0].value
                    argument = compact(tree.text(value.lowerBound, value.upperBound))
                }
            }
        }
        if generics.isEmpty, variable.typeText.hasPrefix("CurrentValueSubject<") {
            generics = String(variable.typeText.dropFirst("CurrentValueSubject".count))
        }
        if argument == nil, let initializer, initializer.hasSuffix("(nil)") || initializer.hasSuffix("(.none)") {
            if initializer.hasPrefix(".init(") || initializer.hasPrefix("CurrentValueSubject(") || initializer.hasPrefix("CurrentValueSubject<") {
                argument = initializer.hasSuffix("(nil)") ? "nil" : ".none"
            }
        }
        guard let argument, spellsNil(argument) else { return nil }
        guard let output = TypeText.genericArguments(generics).first, TypeText.isOptional(output) else { return nil }
        return (.subject, output)
    }

    /// Whether the property is an error, alert or toast by its name or value type (`lastSyncError:
    /// SyncError?`, `toast`): a notice is an event by nature, so code that writes nil into it
    /// (`clearError()`, `toast = synced ? "Saved" : nil`) makes nil no state that its consumers,
    /// which all skip nil, would render.
    func namesANotice(_ variable: VariableDecl, valueType: String) -> Bool {
        // For a subject, the value type is its output (`CurrentValueSubject<FerryError?, Never>`
        // gives `FerryError?`): its declared type also names the failure type, which says nothing.
        Self.namesANotice(variable.name) || Self.namesANotice(valueType)
    }

    /// Whether `text` (a name or a type) contains a notice word: an error, an alert, a toast, a banner, a failure.
    static func namesANotice(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return Catalogue.noticeWords.contains { lowered.contains($0) }
    }

    /// Whether the property is a notice (`namesANotice`) or names a request or a command by its
    /// words (`unlockRequest`, `exportFinished`) or says it happened (`didStartSession`): an event whatever its values come from.
    func namesAnEvent(_ variable: VariableDecl, valueType: String) -> Bool {
        if namesANotice(variable, valueType: valueType) { return true }
        // `didStartSession`: named for what happened, as a delegate's `didX` methods are.
        if Catalogue.camelCaseWords(variable.name).first.map(Catalogue.happenedFirstWords.contains) == true { return true }
        let words = Catalogue.camelCaseWords(variable.name) + Catalogue.camelCaseWords(TypeText.unwrappingOptional(valueType))
        return words.contains { Catalogue.requestWords.contains($0) || Catalogue.commandWords.contains($0) }
    }

    /// Whether the property names a standing state by its words or value type: a highlight, a
    /// focus, a location or position (`highlightedRoom`, `currentLocation: CLLocation?`), or the
    /// time something last happened (`lastSync: Date?`, `refreshedAt: Date?`); not a request to act on one
    /// (`recenterRequest: CLLocationCoordinate2D?`). Such a value is never a one-shot event,
    /// so a consumer that skips its nil start waits for the first value, and a late subscriber
    /// rightly gets the latest one.
    func namesStandingState(_ name: String, valueType: String) -> Bool {
        let words = Catalogue.camelCaseWords(name)
        if words.contains(where: Catalogue.requestWords.contains) { return false }
        if words.contains(where: Catalogue.standingStateWords.contains) { return true }
        let valueType = TypeText.unwrappingOptional(valueType)
        // `latestReading: SensorReading?`, `latest: OccupancySnapshot?` (a state by its type's last
        // word), not `current: Toast?`.
        let typeWords = Catalogue.camelCaseWords(valueType)
        if words.count >= 2 || typeWords.last.map(Catalogue.stateValueTypeWords.contains) == true,
           words.contains(where: Catalogue.latestValueWords.contains),
           !Self.namesANotice(name), !Self.namesANotice(valueType) { return true }
        if Catalogue.locationTypes.contains(valueType) { return true }
        // `lastSync: Date?`, or a timestamp named for what happened at it (`refreshedAt`, `updatedAt`),
        // unless that is the end of a job, an event by its name (`savedAt`: a "Saved" notice).
        return valueType == "Date" && (words.first.map(Catalogue.latestTimeWords.contains) == true
                                       || (words.count >= 2 && words.last.map(Catalogue.timestampLastWords.contains) == true
                                           && !words.contains(where: Catalogue.commandWords.contains)))
    }

    func compact(_ text: String) -> String { text.filter { $0 != " " && $0 != "\n" && $0 != "\t" } }

    /// `nil`, `.none`, `Optional.none` or `Optional<Region>.none` (spaces removed): the same empty
    /// optional however it is written.
    func spellsNil(_ text: String) -> Bool {
        if text == "nil" || text == ".none" || text == "Optional.none" { return true }
        return text.hasPrefix("Optional<") && text.hasSuffix(">.none") && !text.dropFirst("Optional<".count).contains("(")
    }

    /// What the uses of a property across the project say about it.
    struct Evidence: Sendable {
        /// A consumer skips the initial nil, or a subscriber resets the property to nil after handling it.
        var skipsNil = false
        /// A consumer treats the value as state: reads it, or binds it without skipping nil.
        var readsAsState = false
        /// nil is written somewhere other than in a subscriber that handled the value.
        var writesNilElsewhere = false
        /// A consumer maps nil to a value of its own (`$selectedClass.map { $0 == nil }` enabling a
        /// button): nil is a state it shows, unless the property is a notice, where it only asks
        /// whether one is on show.
        var checksPresence = false
        /// A consumer that skips nil moves the user to another screen with each value
        /// (`guard let patient else { return }; onPatientMatched?(patient)`): it acts on the value once,
        /// so even a loaded value is an event to it.
        var navigates = false

        var isEvent: Bool { skipsNil && !readsAsState && !checksPresence && !writesNilElsewhere }
        /// An event by its consumers, whatever nil other code writes (`clearError()`,
        /// `toast = synced ? "Saved" : nil`): enough for a notice, whose nil no consumer shows.
        var isEventByItsConsumers: Bool { skipsNil && !readsAsState }

        static func gather(name: String, kind: Kind, declaringType: String, index: ProjectIndex, memo: ProjectMemo) -> Evidence {
            // The uses of the name split by the type they belong to: `self`-rooted ones belong to
            // their enclosing type, the others (`model.toast`) to every declaration of the name.
            // The shared part is read once per name, not once per declaring type.
            let kindKey = kind == .published ? "published" : "subject"
            let uses = memo.value(for: "subject_fake_initial_value.uses\u{0}" + name) { UsesOfName(name: name, index: index) }
            let shared = memo.value(for: "subject_fake_initial_value.shared\u{0}" + kindKey + "\u{0}" + name) { () -> Partial in
                let getters = kind == .published
                    ? SubjectFakeInitialValueRule.projectionGetters(index: index, memo: memo)[name] ?? []
                    : []
                return Partial(uses: uses.shared, name: name, kind: kind, index: index, readsWholeArguments: true, projectionGetters: getters)
            }
            let own = Partial(uses: (uses.selfRooted[declaringType] ?? []) + uses.typedUses(of: declaringType, index: index),
                              name: name, kind: kind, index: index)
            var evidence = shared.evidence
            evidence.skipsNil = evidence.skipsNil || own.evidence.skipsNil
            evidence.readsAsState = evidence.readsAsState || own.evidence.readsAsState
            evidence.checksPresence = evidence.checksPresence || own.evidence.checksPresence
            evidence.navigates = evidence.navigates || own.evidence.navigates
            var resets = shared.resets.union(own.resets)
            if kind == .published {
                for outcome in SubjectFakeInitialValueRule.projectedWholeArgumentOutcomes(of: name, declaringType: declaringType, index: index,
                                                                                          memo: memo, resets: &resets) {
                    evidence.merge(outcome)
                }
            }
            guard evidence.skipsNil, !evidence.readsAsState else { return evidence }
            let bare = kind == .published ? SubjectFakeInitialValueRule.bareReads(of: name, inType: declaringType, index: index) : .none
            if bare == .values {
                evidence.readsAsState = true
                return evidence
            }
            // Writes through a member (`self.toast = nil`, `model.toast.send(nil)`) are chains, found through
            // the member uses; a bare `toast = nil` sits in the declaring type's files.
            let memberWrites = memo.value(for: "subject_fake_initial_value.writes\u{0}" + kindKey + "\u{0}" + name) {
                SubjectFakeInitialValueRule.memberNilWrites(of: name, kind: kind, index: index)
            }
            let mirrored = kind == .published ? SubjectFakeInitialValueRule.mirroredPipelineWrites(of: name, declaringType: declaringType, index: index, memo: memo) : []
            let writes = SubjectFakeInitialValueRule.nilWrites(of: name, kind: kind, index: index, declaringType: declaringType) + memberWrites + mirrored
            let calledByHandlers = SubjectFakeInitialValueRule.forwardedCalls(
                Set(resets.compactMap { $0.hasPrefix("call:") ? String($0.dropFirst(5)) : nil }), index: index)
            let acknowledging = Set(resets.compactMap { $0.hasPrefix("ack:") ? String($0.dropFirst(4)) : nil })
            let delayedExpiries = Set(writes.filter { SubjectFakeInitialValueRule.isDelayedExpiry($0, of: name, kind: kind, index: index) })
            let elsewhere = writes.filter { write in
                !resets.contains(write) && !SubjectFakeInitialValueRule.isInMethod(write, named: calledByHandlers, of: declaringType, index: index)
                    && !SubjectFakeInitialValueRule.isInAcknowledgingMethod(write, named: acknowledging, of: declaringType, index: index)
                    && !delayedExpiries.contains(write)
                    && !SubjectFakeInitialValueRule.isClearedBeforeProducing(write, of: name, kind: kind, index: index)
            }
            evidence.writesNilElsewhere = !elsewhere.isEmpty
            // The type's own `if toast == nil` asks whether an event is on show; it reads nil as a
            // state unless every nil write takes back, after a while, a value the same code set
            // (`asyncAfter(…) { self?.toast = nil }`): then the event shows for a while and late
            // subscribers get it again.
            if bare == .nilChecks, !(elsewhere.isEmpty && !delayedExpiries.isEmpty) {
                evidence.readsAsState = true
            }
            return evidence
        }

        /// The uses of one name, by whom they belong to (see `owner(of:in:)`).
        struct UsesOfName: Sendable {
            /// `self`-rooted uses, by the simple name of their enclosing type.
            var selfRooted: [String: [ProjectIndex.MemberUse]] = [:]
            /// Uses through a root whose type is known (`model.toast` with `let model: FeedModel`),
            /// by the simple name of that type.
            var typed: [String: [ProjectIndex.MemberUse]] = [:]
            /// Uses through another root (`$0.toast`, `make().toast`), taken as uses of every
            /// declaration of the name.
            var shared: [ProjectIndex.MemberUse] = []

            init(name: String, index: ProjectIndex) {
                var testCode = TestCaseCode.Answers()
                for use in index.memberUses[name] ?? [] {
                    let tree = index.trees[use.tree]
                    // A test's `compactMap { $0 }` waits for the next value and its `XCTAssertNil(…value)`
                    // checks the producer: neither says how the app consumes the property.
                    if testCode.isTestOrDouble(tree.chains[use.chain].first, of: tree, treeIndex: use.tree, index: index) { continue }
                    // `func mirror(message: AnyPublisher<String?, Never>) { message.compactMap … }`:
                    // a parameter or local of the property's name, not the property.
                    if use.element == 0, !use.projected, case let first = tree.chains[use.chain].first,
                       SubscriptionFinder.isParameter(named: name, visibleAt: first, in: tree)
                        || SubscriptionFinder.localVariable(named: name, visibleAt: first, in: tree) != nil { continue }
                    if let owner = Evidence.owner(of: use, in: tree) {
                        selfRooted[owner, default: []].append(use)
                    } else if let owner = TypeResolver.ownerType(ofElement: use.element, in: tree.chains[use.chain], tree: tree, index: index)
                                ?? Evidence.bindingOwner(of: use, in: tree, index: index) ?? Evidence.staticOwner(of: use, in: tree) {
                        typed[owner, default: []].append(use)
                    } else {
                        shared.append(use)
                    }
                }
            }

            /// The typed uses that can be of the property `declaringType` declares: through a root
            /// of that type, of a type it inherits from or conforms to, or of one inheriting from
            /// it. `error.message` with `let error: APIError` says nothing of `Toast.message`.
            func typedUses(of declaringType: String, index: ProjectIndex) -> [ProjectIndex.MemberUse] {
                // The related types are looked up, not each owner tested: thousands of types may
                // declare a property of one name.
                index.relatedTypes(of: declaringType).filter { typed[$0] != nil }.sorted().flatMap { typed[$0] ?? [] }
            }
        }

        /// What a list of uses says, with the nil writes their handling subscribers make ("tree:token"),
        /// one step through the aliases they are passed on to.
        struct Partial: Sendable {
            var evidence = Evidence()
            var resets = Set<String>()

            /// With `readsWholeArguments`, the name's uses as a whole argument of a combining call are
            /// read too: they are the same for every declaring type, so only the shared part reads them.
            /// `projectionGetters` are the computed properties that return the name's projection alone.
            init(uses: [ProjectIndex.MemberUse], name: String, kind: Kind, index: ProjectIndex, readsWholeArguments: Bool = false,
                 projectionGetters: [String] = []) {
                var aliases: [String] = []
                for use in uses {
                    let tree = index.trees[use.tree]
                    let chain = tree.chains[use.chain]
                    let isPublisher = kind == .subject ? !use.projected : use.projected
                    if !isPublisher {
                        // `viewModel.toast`: a read (state) or a write.
                        // Also through a member of the value (`viewModel.selectedTake?.id == take.id`).
                        if kind == .published, !SubjectFakeInitialValueRule.isAssignmentTarget(chain, in: tree) {
                            evidence.readsAsState = true
                        }
                        continue
                    }
                    let outcome = SubjectFakeInitialValueRule.classify(chain, after: use.element, name: name, kind: kind, tree: tree, treeIndex: use.tree, index: index, resets: &resets)
                    evidence.merge(outcome)
                    // `coordinator.bindFocus(model.$focus.eraseToAnyPublisher())`: given whole (erased or not)
                    // to a project function, whose body's uses of the parameter say how it is read.
                    if case .argument = chain.context,
                       chain.elements[(use.element + 1)...].allSatisfy({ $0.name == "eraseToAnyPublisher" }) {
                        for handed in SubjectFakeInitialValueRule.handedToFunctionOutcomes(argumentAt: chain.first, through: chain.last, in: tree, name: name,
                                                                                           kind: kind, index: index, resets: &resets) {
                            evidence.merge(handed)
                        }
                    }
                    if outcome == .passedOn, let alias = SubjectFakeInitialValueRule.aliasName(of: chain, in: tree) { aliases.append(alias) }
                }
                // `Publishers.Merge(errors, other)`, `other.merge(with: $toast)`: a bare name as a whole
                // argument is no chain of its own, so its uses are read from the identifier tokens.
                let written = kind == .subject ? name : "$" + name
                for ref in readsWholeArguments ? index.identifiers[written] : [] {
                    let tree = index.trees[ref.tree]
                    guard tree.tokenIs(ref.token, written), !Evidence.isTestCode(ref.token, of: tree, index: index),
                          SubscriptionFinder.localVariable(named: written, visibleAt: ref.token, in: tree) == nil,
                          !SubscriptionFinder.isParameter(named: written, visibleAt: ref.token, in: tree) else { continue }
                    guard let call = SubjectFakeInitialValueRule.combiningCall(takingWholeArgument: ref.token, in: tree) else {
                        // Given whole to a project function: its body's uses of the parameter.
                        for outcome in SubjectFakeInitialValueRule.handedToFunctionOutcomes(argumentAt: ref.token, in: tree, name: name, kind: kind,
                                                                                            index: index, resets: &resets) {
                            evidence.merge(outcome)
                        }
                        continue
                    }
                    evidence.merge(SubjectFakeInitialValueRule.combinedOutcome(tree.chains[call.chain], combinerAt: call.element,
                                                                               argumentAt: ref.token, name: name, kind: kind,
                                                                               tree: tree, treeIndex: ref.tree, index: index, resets: &resets))
                }
                // `var conflicts: Published<Conflict?>.Publisher { $lastConflict }`: a lone projection is no chain.
                aliases += projectionGetters
                // Through `var toastPublisher: AnyPublisher<…> { toast.eraseToAnyPublisher() }`, and one
                // more property handing that on (`var logouts: AnyPublisher<…> { refresher.forcedLogouts }`).
                var pending = aliases.map { (name: $0, depth: 1) }
                var seenAliases = Set(aliases)
                while let (alias, depth) = pending.popLast() {
                    for use in index.chainElements[alias] {
                        let tree = index.trees[use.tree]
                        let chain = tree.chains[use.chain]
                        // The chain's first element of that name.
                        let e = use.element
                        guard chain.elements.firstIndex(where: { $0.name == alias }) == e,
                              !Evidence.isTestCode(chain.first, of: tree, index: index) else { continue }
                        if depth < 2, chain.elements[(e + 1)...].allSatisfy({ $0.name == "eraseToAnyPublisher" }),
                           let next = SubjectFakeInitialValueRule.aliasName(of: chain, in: tree) {
                            if seenAliases.insert(next).inserted { pending.append((next, depth + 1)) }
                            continue
                        }
                        if e == chain.elements.count - 1, case .argument = chain.context,
                           !SubjectFakeInitialValueRule.isArgumentOfOnReceive(chain, in: tree) {
                            // `Publishers.Merge(service.errors, other)`: the alias as a whole argument of a combiner.
                            // (`.onReceive(model.feedbackPublisher) { … }` is read below, as its handler.)
                            if let call = SubjectFakeInitialValueRule.combiningCall(takingWholeArgument: chain.first, through: chain.last, in: tree) {
                                evidence.merge(SubjectFakeInitialValueRule.combinedOutcome(tree.chains[call.chain], combinerAt: call.element,
                                                                                           argumentAt: chain.first, name: name, kind: kind,
                                                                                           tree: tree, treeIndex: use.tree, index: index, resets: &resets))
                            }
                            continue
                        }
                        guard e < chain.elements.count - 1 || SubjectFakeInitialValueRule.isArgumentOfOnReceive(chain, in: tree) else { continue }
                        evidence.merge(SubjectFakeInitialValueRule.classify(chain, after: e, name: name, kind: kind, tree: tree, treeIndex: use.tree, index: index, resets: &resets))
                    }
                }
            }
        }

        mutating func merge(_ outcome: Outcome) {
            switch outcome {
            case .skips: skipsNil = true
            case .skipsToNavigate: skipsNil = true; navigates = true
            case .state: readsAsState = true
            case .presence: checksPresence = true
            case .neutral, .passedOn: break
            }
        }

        /// Code of a test case or a test double (`StoreSpy`), or a file of a test folder: it drives the
        /// property to check it, so its uses are evidence neither of skipping nor of state.
        static func isTestCode(_ token: Int, of tree: SyntaxTree, index: ProjectIndex) -> Bool {
            TestCaseCode.isTestOrDouble(token, of: tree, index: index)
        }

        /// `Calendar.current`, `Theme.current`: a static member of the type named as the root (no local
        /// or parameter of that name), not a use of every property `current`.
        static func staticOwner(of use: ProjectIndex.MemberUse, in tree: SyntaxTree) -> String? {
            use.element == 1 ? TypeResolver.typeNamedAsRoot(of: tree.chains[use.chain], tree: tree) : nil
        }

        /// `$model.alert` in a view (`@StateObject var model = FeedModel()`): a binding to the property
        /// of the object `model` holds, so a use of `FeedModel.alert`, not of every `alert`.
        static func bindingOwner(of use: ProjectIndex.MemberUse, in tree: SyntaxTree, index: ProjectIndex) -> String? {
            let chain = tree.chains[use.chain]
            guard use.element == 1 else { return nil }
            let root = chain.elements[0]
            guard root.kind == .root, !root.isCall, root.name.count > 1, root.name.hasPrefix("$") else { return nil }
            return TypeResolver.typeOfName(String(root.name.dropFirst()), at: chain.first, in: tree, index: index)
        }

        /// The simple name of the type a `self`-rooted use belongs to (its enclosing type), or nil
        /// for a use through another root, taken as a use of every declaration of the name.
        static func owner(of use: ProjectIndex.MemberUse, in tree: SyntaxTree) -> String? {
            let chain = tree.chains[use.chain]
            let selfRooted = use.element == 0 || (use.element == 1 && tree.isWord(chain.root.nameToken, "self"))
            guard selfRooted, let t = tree.enclosingType(of: chain.first) else { return nil }
            return tree.types[t].name.lastNameComponent
        }
    }

    enum Outcome: Equatable {
        case skips, state, neutral, passedOn
        /// The consumer skips nil and moves the user to another screen with each value.
        case skipsToNavigate
        /// The consumer asks whether a value is there (`map { $0 == nil }`): see `Evidence.checksPresence`.
        case presence
    }

    /// The non-nil values feed `combineLatest`/`zip` (in this chain, as an argument, or through a
    /// local passed to one): waiting for a known value before combining is state ("unknown yet").
    static func isCombined(_ chain: Chain, after i: Int, in tree: SyntaxTree) -> Bool {
        if chain.elements[(i + 1)...].contains(where: { Catalogue.waitingCombiners.contains($0.name) }) { return true }
        func feedsCombiner(open: Int) -> Bool {
            guard let call = tree.call(openedAt: open) else { return false }
            return Catalogue.waitingCombiners.contains(tree.chains[call.chain].elements[call.element].name)
        }
        switch chain.context {
        case .argument(let open):
            return feedsCombiner(open: open)
        case .declaration(let v) where tree.variables[v].isLocal:
            for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) {
                let enclosing = Int(tree.enclosing[use])
                if enclosing >= 0, tree.tokens[enclosing].kind == .leftParen, feedsCombiner(open: enclosing) { return true }
                if let rooted = tree.chains.first(where: { $0.first == use }), rooted.elements.contains(where: { Catalogue.waitingCombiners.contains($0.name) }) { return true }
            }
            return false
        default:
            return false
        }
    }

    /// `….compactMap { $0 }.first()`: waiting once for the latest real value, even one sent before
    /// subscribing, is what a current-value subject is for (a one-shot buffer, not a replayed event).
    static func takesOneValue(_ chain: Chain, after i: Int) -> Bool {
        chain.elements[(i + 1)...].contains { element in
            element.isCall && (element.name == "first" || element.name == "prefix")
        }
    }

    /// The combining call (`Publishers.Merge(…)`, `merge(with:)`, `CombineLatest(…)`) one of whose
    /// arguments is token `token` alone, or the tokens from `token` through `last`
    /// (`service.errors`).
    static func combiningCall(takingWholeArgument token: Int, through last: Int? = nil, in tree: SyntaxTree) -> SyntaxTree.CallReference? {
        let open = Int(tree.enclosing[token])
        guard open >= 0, tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open) else { return nil }
        let element = tree.chains[call.chain].elements[call.element]
        guard Catalogue.combiningOperators.contains(element.name), !Catalogue.flatteningOperators.contains(element.name),
              element.arguments.contains(where: { $0.value.lowerBound == token && $0.value.upperBound == (last ?? token) }) else { return nil }
        return call
    }

    /// `flatMap { $0.publisher }` or `flatMap { route in route.publisher }` (also `\.publisher`): each
    /// optional value becomes the publisher of that Optional, which gives nothing for nil.
    static func unwrapsThroughOptionalPublisher(_ element: ChainElement, in tree: SyntaxTree) -> Bool {
        guard element.isCall, let c = element.closures.last else {
            guard element.arguments.count == 1, case let value = element.arguments[0].value, value.count == 3 else { return false }
            return tree.tokens[value.lowerBound].kind == .backslash && tree.tokens[value.lowerBound + 1].kind == .period
                && tree.name(value.upperBound) == "publisher"
        }
        let closure = tree.closures[c]
        let value = closure.parameters.count == 1 ? closure.parameters[0] : "$0"
        let body = closure.bodyStart..<closure.close
        guard body.count == 3 else { return false }
        return tree.text(body.lowerBound) == value && tree.tokens[body.lowerBound + 1].kind == .period
            && tree.name(body.lowerBound + 2) == "publisher"
    }

    /// Whether every project function named `name` (at least one) is a `Publisher` extension method
    /// whose body returns its receiver's values with nil dropped and nothing else:
    /// `func unwrapped() -> AnyPublisher<…> { compactMap { $0 }.eraseToAnyPublisher() }`.
    static func projectOperatorOnlyDropsNil(_ name: String, index: ProjectIndex) -> Bool {
        let declarations = index.functions[name]
        return !declarations.isEmpty && declarations.allSatisfy { reference in
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            guard function.parameters.isEmpty, PublisherExtensions.declares(function, in: tree) else { return false }
            let returned = tree.returnedChainIndices(ofFunction: reference.item)
            return returned.count == 1 && {
                var elements = Array(tree.chains[returned[0]].elements)
                if elements.first?.name == "self" { elements.removeFirst() }
                guard let first = elements.first, first.name == "compactMap", first.closures.count == 1 else { return false }
                let closure = tree.closures[first.closures[0]]
                let body = closure.bodyStart..<closure.close
                let value = closure.parameters.count == 1 ? closure.parameters[0] : "$0"
                guard body.count == 1, tree.text(body.lowerBound) == value else { return false }
                return elements.dropFirst().allSatisfy { $0.name == "eraseToAnyPublisher" }
            }()
        }
    }

    /// `map { _ in () }`, `map { _ in .refresh }`: a `map` whose closure never reads its value.
    static func mapsValueAway(_ element: ChainElement, in tree: SyntaxTree) -> Bool {
        guard element.isCall, element.arguments.isEmpty, element.closures.count == 1 else { return false }
        let closure = tree.closures[element.closures[0]]
        guard closure.bodyStart < closure.close else { return false }
        if closure.parameters.isEmpty {
            // `$0`, `$1` (not a `$title` projection) would read it.
            return !(closure.bodyStart..<closure.close).contains { tree.tokens[$0].kind == .dollarIdentifier && tree.name($0).dropFirst().first?.isNumber == true }
        }
        return closure.parameters.allSatisfy { $0 == "_" }
    }

    /// What a chain does with the publisher at element `e`.
    static func classify(_ chain: Chain, after e: Int, name: String, kind: Kind, tree: SyntaxTree, treeIndex: Int, index: ProjectIndex,
                         resets: inout Set<String>) -> Outcome {
        // `dropFirst()` drops whatever the property holds when the subscriber arrives, the fake nil
        // or a stale event alike: such a consumer gets only what is sent later, as from a
        // `PassthroughSubject`, so nothing is replayed to it.
        if chain.elements[(e + 1)...].contains(where: { $0.name == "dropFirst" }) { return .neutral }
        var i = e + 1
        while i < chain.elements.count {
            let element = chain.elements[i]
            switch element.name {
            case "compactMap":
                if takesOneValue(chain, after: i) || isCombined(chain, after: i, in: tree) { return .state }
                noteResets(in: chain, after: i, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
                return skipOutcome(chain, after: i, in: tree)
            case "filter":
                if let c = element.closures.first, skipsNilTest(c, in: tree) {
                    if takesOneValue(chain, after: i) || isCombined(chain, after: i, in: tree) { return .state }
                    noteResets(in: chain, after: i, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
                    return skipOutcome(chain, after: i, in: tree)
                }
                return .neutral
            case "flatMap" where unwrapsThroughOptionalPublisher(element, in: tree):
                // `.flatMap { $0.publisher }`: an Optional's publisher gives its value, or nothing for nil.
                if takesOneValue(chain, after: i) || isCombined(chain, after: i, in: tree) { return .state }
                noteResets(in: chain, after: i, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
                return .skips
            case "map" where mapsValueAway(element, in: tree):
                // `latestAlert.map { _ in () }` (a refresh trigger): what follows never sees the value, nil or not.
                return .neutral
            case "map" where mapsNilToAValue(element, in: tree):
                // `$selectedClass.map { $0 == nil }` (disables a button), `map { $0 ?? .empty }`: nil is a
                // state, but for a notice only whether one is on show (see `Evidence.checksPresence`),
                // unless what follows keeps it as state (`.assign(to: \.isHidden, on: errorIcon)`).
                let rest = classify(chain, after: i, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
                return rest == .state ? .state : .presence
            case "first" where element.isCall && element.arguments.isEmpty && element.closures.isEmpty,
                 "prefix" where element.isCall && element.arguments.count == 1 && element.arguments[0].label == nil:
                // `$boardingPass.first().sink { guard let pass else { showNotReady(); return } … }`: the
                // current value, read once, nil included: a state when what follows acts on nil.
                let rest = classify(chain, after: i, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
                return rest == .state ? .state : .neutral
            case "values" where i == chain.elements.count - 1 && !element.isCall:
                // `for await value in subject.values { guard let value else { continue } … }`.
                guard let loop = forAwaitLoop(over: chain, in: tree) else { return .neutral }
                return bodySkipsNil(from: loop.body.lowerBound, to: loop.body.upperBound, parameter: loop.variable, in: tree) ? .skips : .state
            case "value" where kind == .subject:
                return isAssignmentTarget(chain, in: tree) ? .neutral : .state
            case "send" where kind == .subject:
                return .neutral
            case "subscribe" where element.isCall:
                // `subject.subscribe(sink)` with `let sink = Subscribers.Sink(…, receiveValue: { … })`.
                guard let c = handMadeSubscriberClosure(element, in: tree) else { return .neutral }
                return handlingOutcome(c, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
            case "sink", "assign":
                guard element.name == "sink", let c = subscriberClosure(element) else {
                    return element.name == "sink" && referencedMethodSkipsNil(element, in: tree, treeIndex: treeIndex, index: index) ? .skips : .state
                }
                return handlingOutcome(c, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
            default:
                // `$route.combineLatest($isLoggedIn).compactMap { route, loggedIn in loggedIn ? route : nil }`:
                // the receiver's values are the tuples' first elements.
                if Catalogue.waitingCombiners.contains(element.name), element.isCall,
                   let outcome = tupleOutcome(chain, combinerAt: i, position: 0, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets) {
                    return outcome
                }
                // `$alert.unwrapped()`: the project's own operator that only drops nil (`compactMap { $0 }`).
                if element.isCall, element.arguments.isEmpty, element.closures.isEmpty, !Catalogue.isPipelineOperator(element),
                   projectOperatorOnlyDropsNil(element.name, index: index) {
                    if takesOneValue(chain, after: i) || isCombined(chain, after: i, in: tree) { return .state }
                    noteResets(in: chain, after: i, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
                    return .skips
                }
                // `errors.merge(with: other)`: the subject's values go on, among the others'.
                if Catalogue.transparentOperators.contains(element.name) || element.name == "map"
                    || (Catalogue.mergingOperators.contains(element.name) && !Catalogue.waitingCombiners.contains(element.name)) {
                    i += 1
                    continue
                }
                return .neutral
            }
        }
        // `.onReceive(viewModel.$toast) { … }`.
        if case .argument(let open) = chain.context, let call = tree.call(openedAt: open) {
            let outer = tree.chains[call.chain]
            let element = outer.elements[call.element]
            if element.name == "onReceive", let c = element.closures.last {
                return handlingOutcome(c, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
            }
            // `Publishers.CombineLatest(theme, model.$toast)`, `other.merge(with: model.$toast)`: the
            // consumer is whatever the combined chain does next.
            if Catalogue.combiningOperators.contains(element.name), !Catalogue.flatteningOperators.contains(element.name) {
                return combinedOutcome(outer, combinerAt: call.element, argumentOpen: open, name: name, kind: kind, tree: tree,
                                       treeIndex: treeIndex, index: index, resets: &resets)
            }
            return .neutral
        }
        switch chain.context {
        case .returned, .implicitReturn:
            // `Just(model).flatMap { $0.$selectedGarage }`: the inner publisher's values go on in the
            // outer chain, after its `flatMap` (or the `map … .switchToLatest()` pair).
            if let (outer, e) = flatteningStep(returning: chain, in: tree) {
                return classify(outer, after: e, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
            }
            return .passedOn
        case .declaration, .assignment: return .passedOn
        default: return .neutral
        }
    }

    /// The chain whose `flatMap` closure (or `map` closure before `switchToLatest`) returns `chain`,
    /// and the position of the step from which its values go on.
    static func flatteningStep(returning chain: Chain, in tree: SyntaxTree) -> (Chain, Int)? {
        guard let c = tree.innermostClosure(of: chain.first), let call = tree.call(receiving: c) else { return nil }
        let outer = tree.chains[call.chain]
        let element = outer.elements[call.element]
        guard element.closures.last == c else { return nil }
        if element.name == "flatMap" { return (outer, call.element) }
        if element.name == "map", call.element + 1 < outer.elements.count, outer.elements[call.element + 1].name == "switchToLatest" {
            return (outer, call.element + 1)
        }
        return nil
    }

    /// What the chain does with the values of a combining call's argument (the one opened at
    /// `argumentOpen`, or starting at token `argumentAt`): a `combineLatest` or `zip` hands them on
    /// as one element of its tuples (see `tupleOutcome`); any other combiner (`merge`) hands them
    /// on as they are.
    static func combinedOutcome(_ outer: Chain, combinerAt e: Int, argumentOpen: Int? = nil, argumentAt: Int? = nil, name: String, kind: Kind,
                                tree: SyntaxTree, treeIndex: Int, index: ProjectIndex, resets: inout Set<String>) -> Outcome {
        let element = outer.elements[e]
        if Catalogue.waitingCombiners.contains(element.name) {
            let start = argumentAt ?? argumentOpen.map { $0 + 1 }
            if let start, let a = element.arguments.firstIndex(where: { $0.value.lowerBound == start }) {
                // `Publishers.CombineLatest(a, b)` numbers its arguments from 0; `a.combineLatest(b)` from its receiver.
                let position = element.name.first?.isUppercase == true ? a : a + 1
                if let outcome = tupleOutcome(outer, combinerAt: e, position: position, name: name, kind: kind, tree: tree,
                                              treeIndex: treeIndex, index: index, resets: &resets) {
                    return outcome
                }
            }
        }
        return classify(outer, after: e, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
    }

    /// After `combineLatest` or `zip` at element `i`, the subject's values are element `position`
    /// of each tuple. A `compactMap` that unwraps that element (`{ route, loggedIn in loggedIn ?
    /// route : nil }`, `{ $0.1 }`) skips the subject's nil; one that unwraps another element
    /// says nothing of it. A `map` picking the element (`.map { $1 }`, `.map(\.1)`) hands the
    /// subject's values on as they are. nil when the chain does something else next.
    static func tupleOutcome(_ chain: Chain, combinerAt i: Int, position: Int, name: String, kind: Kind,
                             tree: SyntaxTree, treeIndex: Int, index: ProjectIndex, resets: inout Set<String>) -> Outcome? {
        var j = i + 1
        while j < chain.elements.count, Catalogue.transparentOperators.contains(chain.elements[j].name), chain.elements[j].name != "compactMap",
              chain.elements[j].name != "map" { j += 1 }
        guard j < chain.elements.count else { return nil }
        let next = chain.elements[j]
        guard next.isCall else { return nil }
        if next.name == "map" {
            guard picksElement(next, position: position, in: tree) else { return nil }
            return classify(chain, after: j, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
        }
        guard next.name == "compactMap", let c = next.closures.first else { return nil }
        guard unwrapsElement(c, position: position, in: tree) else { return .neutral }
        if takesOneValue(chain, after: j) { return .state }
        noteResets(in: chain, after: j, name: name, kind: kind, tree: tree, treeIndex: treeIndex, index: index, resets: &resets)
        return .skips
    }

    /// The references to tuple element `position` in closure `c`: the parameter of that place
    /// (`{ route, loggedIn in … }`), `pair.1` for a single parameter, `$1` or `$0.1` without any.
    /// Each as its first and last token.
    static func tupleElementReferences(_ c: Int, position: Int, in tree: SyntaxTree) -> [ClosedRange<Int>] {
        let closure = tree.closures[c]
        let body = closure.bodyStart..<closure.close
        var result: [ClosedRange<Int>] = []
        for k in body {
            if closure.parameters.count >= 2 {
                if position < closure.parameters.count, tree.tokens[k].kind == .identifier, tree.name(k) == closure.parameters[position] {
                    result.append(k...k)
                }
                continue
            }
            let text = tree.text(k)
            let whole = closure.parameters.first ?? "$0"
            if text == whole, k + 2 < closure.close, tree.tokens[k + 1].kind == .period, tree.text(k + 2) == String(position) {
                result.append(k...(k + 2))
            } else if closure.parameters.isEmpty, text == "$" + String(position), position > 0 {
                result.append(k...k)
            }
        }
        return result
    }

    /// `.map { $1 }`, `.map { $0.1 }`, `.map { _, toast in toast }`, `.map(\.1)`: the closure (or key
    /// path) gives tuple element `position` as it is.
    static func picksElement(_ element: ChainElement, position: Int, in tree: SyntaxTree) -> Bool {
        if let c = element.closures.first {
            let closure = tree.closures[c]
            return tupleElementReferences(c, position: position, in: tree).contains { $0.lowerBound == closure.bodyStart && $0.upperBound + 1 == closure.close }
        }
        guard element.arguments.count == 1 else { return false }
        let value = element.arguments[0].value
        return value.count == 3 && tree.text(value.lowerBound) == "\\" && tree.tokens[value.lowerBound + 1].kind == .period
            && tree.text(value.upperBound) == String(position)
    }

    /// Whether the `compactMap` closure `c` gives nil when tuple element `position` is nil: the
    /// element is its whole body or what it returns, a branch of a `? :`, unwrapped by `if let`
    /// or `guard let`, or mapped (`route.map { … }`) as the result.
    static func unwrapsElement(_ c: Int, position: Int, in tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        let level = tree.enclosing[closure.bodyStart]
        for reference in tupleElementReferences(c, position: position, in: tree) {
            let k = reference.lowerBound, end = reference.upperBound
            let startsResult = k == closure.bodyStart || tree.isWord(k - 1, "return")
            if startsResult, end + 1 == closure.close || tree.statementStarts[end + 1] { return true }
            if startsResult, end + 2 < closure.close, tree.tokens[end + 1].kind == .period,
               tree.isWord(end + 2, "map") || tree.isWord(end + 2, "flatMap") { return true }
            guard k > closure.bodyStart, tree.enclosing[k] == level else { continue }
            // `loggedIn ? route : nil`, `hidden ? nil : route`.
            if tree.tokens[k - 1].kind == .questionMark { return true }
            if tree.tokens[k - 1].kind == .colon,
               (closure.bodyStart..<(k - 1)).contains(where: { tree.tokens[$0].kind == .questionMark && tree.enclosing[$0] == level
                   && $0 + 1 < tree.tokens.count && tree.tokens[$0 + 1].kind != .period }) { return true }
            // `guard let route else { return nil }`, `if let r = route { … }`.
            if tree.isWord(k - 1, "let") || tree.isWord(k - 1, "var") { return true }
            if tree.tokens[k - 1].kind == .equal, k >= 3, tree.isWord(k - 3, "let") || tree.isWord(k - 3, "var") { return true }
        }
        return false
    }

    /// After a skip, the subscriber may still set the property back to nil once it handled the value
    /// (`compactMap { $0 }.sink { open($0); self?.link = nil }`, `.onReceive(m.$link.compactMap { $0 }) { … }`):
    /// that write is a reset of the event, not a state of its own.
    static func noteResets(in chain: Chain, after i: Int, name: String, kind: Kind, tree: SyntaxTree, treeIndex: Int, index: ProjectIndex,
                           resets: inout Set<String>) {
        var closure: Int? = nil
        if let sink = chain.elements[(i + 1)...].first(where: { $0.name == "sink" }) {
            closure = subscriberClosure(sink)
        } else if case .argument(let open) = chain.context, let call = tree.call(openedAt: open) {
            let element = tree.chains[call.chain].elements[call.element]
            if element.name == "onReceive" { closure = element.closures.last }
        }
        guard let c = closure else { return }
        for w in nilWrites(of: name, kind: kind, in: tree, range: tree.closures[c].bodyStart..<tree.closures[c].close) {
            resets.insert("\(treeIndex):\(w)")
        }
        noteCalledMethods(in: c, of: tree, treeIndex: treeIndex, index: index, resets: &resets)
        noteAcknowledgingCalls(in: c, of: tree, treeIndex: treeIndex, index: index, resets: &resets)
        // `.sink { [weak self] in self?.reveal($0) }` where `reveal` sets it back to nil once done.
        if let body = handlerMethodBody(closure: c, in: tree, treeIndex: treeIndex, index: index) {
            for w in nilWrites(of: name, kind: kind, in: tree, range: body) { resets.insert("\(treeIndex):\(w)") }
        }
    }

    /// The loop `for await name in <chain> { … }` whose sequence is the chain: its variable and body
    /// (the tokens between its braces).
    static func forAwaitLoop(over chain: Chain, in tree: SyntaxTree) -> (variable: String, body: Range<Int>)? {
        if let loop = forAwaitLoop(sequence: chain.first...chain.last, in: tree) { return loop }
        // `guard let changes = socket?.latestChange.values else { return }` (or `let changes = …`),
        // then `for await change in changes { … }` further down the same body.
        let bound: String?
        if case .declaration(let v) = chain.context, tree.variables[v].isLocal { bound = tree.variables[v].name }
        else { bound = tree.conditionBoundName(ofValueAt: chain.first) }
        guard let name = bound else { return nil }
        let end = tree.innermostClosure(of: chain.first).map { tree.closures[$0].close }
            ?? tree.enclosingFunction(of: chain.first).flatMap { tree.functions[$0].bodyClose } ?? tree.tokens.count
        for k in (chain.last + 1)..<max(chain.last + 1, end) where tree.tokens[k].kind == .identifier && tree.name(k) == name {
            if let loop = forAwaitLoop(sequence: k...k, in: tree) { return loop }
        }
        return nil
    }

    /// `for await value in <sequence> {`, the sequence written as tokens `sequence`: the loop's
    /// variable and body.
    private static func forAwaitLoop(sequence: ClosedRange<Int>, in tree: SyntaxTree) -> (variable: String, body: Range<Int>)? {
        let first = sequence.lowerBound
        let open = sequence.upperBound + 1
        guard first >= 4, open < tree.tokens.count, tree.tokens[open].kind == .leftBrace, tree.isWord(first - 1, "in"),
              tree.tokens[first - 2].kind == .identifier, tree.isWord(first - 3, "await"), tree.isWord(first - 4, "for"),
              case let close = Int(tree.matching[open]), close > open else { return nil }
        return (tree.name(first - 2), (open + 1)..<close)
    }

    /// The `receiveValue` closure of the subscriber made by hand that `subscribe(…)` is given: an
    /// `AnySubscriber(…)` or `Subscribers.Sink(…)` written there, or a local initialised with one.
    static func handMadeSubscriberClosure(_ subscribe: ChainElement, in tree: SyntaxTree) -> Int? {
        guard subscribe.arguments.count == 1, case let argument = subscribe.arguments[0], argument.label == nil else { return nil }
        var value = argument.value
        if value.count == 1, tree.tokens[value.lowerBound].kind == .identifier {
            guard let v = SubscriptionFinder.localVariable(named: tree.name(value.lowerBound), visibleAt: value.lowerBound, in: tree),
                  let initializer = tree.variables[v].initializer else { return nil }
            value = initializer
        }
        guard let chain = tree.chains(in: value).first(where: { $0.first == value.lowerBound }),
              let e = chain.elements.indices.last, case let element = chain.elements[e], element.isCall,
              Catalogue.closureSubscriberTypes.contains(element.name),
              element.name != "Sink" || (e == 1 && chain.elements[0].name == Catalogue.subscribersNamespace),
              element.name != "AnySubscriber" || e == 0 else { return nil }
        return element.argument("receiveValue")?.closure
    }

    static func subscriberClosure(_ sink: ChainElement) -> Int? {
        if let argument = sink.argument("receiveValue"), let c = argument.closure { return c }
        if let trailing = sink.trailingClosures.last { return trailing.closure }
        return sink.arguments.last?.closure
    }

    /// A subscriber closure: skipping when it starts with `guard let value`, or resets the property to nil.
    static func handlingOutcome(_ c: Int, name: String, kind: Kind, tree: SyntaxTree, treeIndex: Int, index: ProjectIndex, resets: inout Set<String>) -> Outcome {
        let closure = tree.closures[c]
        var writes = nilWrites(of: name, kind: kind, in: tree, range: closure.bodyStart..<closure.close)
        if writes.isEmpty, let body = handlerMethodBody(closure: c, in: tree, treeIndex: treeIndex, index: index) { writes = nilWrites(of: name, kind: kind, in: tree, range: body) }
        noteCalledMethods(in: c, of: tree, treeIndex: treeIndex, index: index, resets: &resets)
        if !writes.isEmpty {
            for w in writes { resets.insert("\(treeIndex):\(w)") }
            return .skips
        }
        if bodySkipsNil(from: closure.bodyStart, to: closure.close, parameter: closure.parameters.first, in: tree) {
            return navigates(in: closure, of: tree) ? .skipsToNavigate : .skips
        }
        if handlerMethodSkipsNil(closure: c, in: tree, treeIndex: treeIndex, index: index) { return .skips }
        // `sink { print($0 ?? "none") }`: a debugging trace shows nil as it shows any value; it
        // tells nothing of what nil means to the app.
        return onlyLogs(closure, in: tree) ? .neutral : .state
    }

    /// `.skips`, or `.skipsToNavigate` when the chain's subscriber closure after element i moves the
    /// user to another screen (`compactMap { $0 }.sink { [weak self] in self?.show($0) }`).
    static func skipOutcome(_ chain: Chain, after i: Int, in tree: SyntaxTree) -> Outcome {
        guard let sink = chain.elements[(i + 1)...].last(where: { $0.name == "sink" }), let c = subscriberClosure(sink) else { return .skips }
        return navigates(in: tree.closures[c], of: tree) ? .skipsToNavigate : .skips
    }

    /// Whether the closure's body moves the user to another screen: a navigation call of UIKit or
    /// AppKit (`pushViewController`, `present`), or a call of a handler named for what happened
    /// (`onPatientMatched?(patient)`), which a coordinator fills with its navigation.
    static func navigates(in closure: Closure, of tree: SyntaxTree) -> Bool {
        guard closure.bodyStart < closure.close else { return false }
        for k in closure.bodyStart..<closure.close where tree.tokens[k].kind == .identifier {
            let called = k + 1 < closure.close && (tree.tokens[k + 1].kind == .leftParen
                || (k + 2 < closure.close && tree.tokenIs(k + 1, "?") && tree.tokens[k + 2].kind == .leftParen))
            guard called else { continue }
            let name = tree.name(k)
            if Catalogue.navigationCalls.contains(name) || Catalogue.namesEventHandler(name) { return true }
        }
        return false
    }

    /// Whether every statement of the closure's body is a call of a printing or logging function.
    static func onlyLogs(_ closure: Closure, in tree: SyntaxTree) -> Bool {
        guard closure.bodyStart < closure.close else { return false }
        var statements = 0
        for k in closure.bodyStart..<closure.close where tree.statementStarts[k] && Int(tree.enclosing[k]) == closure.open {
            guard tree.tokens[k].kind == .identifier, Catalogue.printingFunctions.contains(tree.name(k)),
                  k + 1 < closure.close, tree.tokens[k + 1].kind == .leftParen else { return false }
            statements += 1
        }
        return statements > 0
    }

    /// A body that skips nil: it starts with `guard let value else { return }` (see
    /// `startsWithGuardLet`), or ignores nil (see `ignoresNil`).
    static func bodySkipsNil(from start: Int, to end: Int, parameter: String?, in tree: SyntaxTree) -> Bool {
        startsWithGuardLet(from: start, to: end, parameter: parameter, in: tree) || ignoresNil(from: start, to: end, parameter: parameter, in: tree)
    }

    /// A body that does nothing with nil: it is one `if let value { … }` with no `else`
    /// (`if let toast = $0 { show(toast) }`), or a `switch value` whose `case .none` / `case nil`
    /// only breaks or returns (only returns, when statements follow the switch).
    static func ignoresNil(from start: Int, to end: Int, parameter: String?, in tree: SyntaxTree) -> Bool {
        guard start < end, start + 2 < end else { return false }
        func isValue(_ k: Int) -> Bool { tree.text(k) == "$0" || (parameter != nil && tree.tokens[k].kind == .identifier && tree.name(k) == parameter) }
        let level = tree.enclosing[start]
        if tree.isWord(start, "if"), tree.isWord(start + 1, "let") || tree.isWord(start + 1, "var") {
            let bindsValue = tree.tokens[start + 3].kind == .equal ? (start + 4 < end && isValue(start + 4)) : isValue(start + 2)
            guard bindsValue else { return false }
            var k = start + 2
            while k < end, !(tree.tokens[k].kind == .leftBrace && tree.enclosing[k] == level) { k += 1 }
            guard k < end, Int(tree.matching[k]) == end - 1 else { return false }
            return true
        }
        if tree.isWord(start, "switch"), isValue(start + 1), tree.tokens[start + 2].kind == .leftBrace {
            let open = start + 2, close = Int(tree.matching[open])
            guard close > open, close < end else { return false }
            // With statements after the switch, only a `return` keeps nil from reaching them.
            let onlyReturn = close + 1 < end
            for k in (open + 1)..<close where tree.isWord(k, "case") && Int(tree.enclosing[k]) == open {
                var colon = k + 1
                if tree.isWord(colon, "nil") {
                    colon += 1
                } else if tree.tokens[colon].kind == .period, tree.isWord(colon + 1, "none") {
                    colon += 2
                } else {
                    continue
                }
                guard colon + 2 <= close, tree.tokens[colon].kind == .colon,
                      (tree.isWord(colon + 1, "break") && !onlyReturn) || tree.isWord(colon + 1, "return") else { continue }
                let after = colon + 2
                if after == close || tree.isWord(after, "case") || tree.isWord(after, "default") { return true }
            }
        }
        return false
    }

    /// `guard let value else { return }` / `guard let self, let message = $0 else { return }` /
    /// `guard value != nil` / `guard value == true` as first statement, whose `else` only returns:
    /// `guard let value else { hideBanner(); return }` handles nil as a state of its own. For a body
    /// from `start` to `end` whose value is named `parameter` (or `$0`); also
    /// `guard case let .some(value) = value else { return }`, and in a loop `else { continue }`.
    static func startsWithGuardLet(from start: Int, to end: Int, parameter: String?, in tree: SyntaxTree) -> Bool {
        guard start < end, tree.isWord(start, "guard") else { return false }
        guard elseOnlyReturns(guardAt: start, before: end, in: tree) else { return false }
        var k = start + 1
        while k < end, !tree.isWord(k, "else") {
            // `guard case let .some(value) = value`, `guard case .some(let value) = $0`; and a case of
            // the wrapped enum, `guard case .browse = destination`, which nil never matches.
            if tree.isWord(k, "case") {
                var e = k + 1
                var pattern = k + 1
                if tree.isWord(pattern, "let") || tree.isWord(pattern, "var") { pattern += 1 }
                var failsOnNil = pattern + 1 < end && tree.tokens[pattern].kind == .period && tree.tokens[pattern + 1].kind == .identifier
                    && !tree.isWord(pattern + 1, "none")
                while e < end, tree.tokens[e].kind != .equal, !tree.isWord(e, "else") {
                    if tree.isWord(e, "some") { failsOnNil = true }
                    e += 1
                }
                if failsOnNil, e + 1 < end, tree.tokens[e].kind == .equal,
                   tree.text(e + 1) == "$0" || tree.text(e + 1) == parameter { return true }
            }
            if tree.isWord(k, "let") || tree.isWord(k, "var"), k + 1 < end {
                let bound = tree.name(k + 1)
                let hasValue = k + 2 < end && tree.tokens[k + 2].kind == .equal
                if hasValue, k + 3 < end {
                    let value = tree.text(k + 3)
                    if value == "$0" || value == parameter { return true }
                } else if bound == parameter {
                    return true
                }
            }
            // `guard value != nil`, `guard value == true` (an optional Bool compared with a literal).
            let name = tree.text(k)
            if name == "$0" || name == parameter, k + 2 < end {
                let op = tree.text(k + 1), rhs = tree.text(k + 2)
                if (op == "!=" && rhs == "nil") || (op == "==" && (rhs == "true" || rhs == "false")) { return true }
            }
            k += 1
        }
        return false
    }

    /// The `else { … }` of the `guard` at `start` holds nothing but `return` (or, in a loop, `continue`).
    static func elseOnlyReturns(guardAt start: Int, before end: Int, in tree: SyntaxTree) -> Bool {
        var k = start + 1
        while k < end, !(tree.isWord(k, "else") && tree.enclosing[k] == tree.enclosing[start]) { k += 1 }
        guard k + 1 < end, tree.tokens[k + 1].kind == .leftBrace else { return false }
        let open = k + 1, close = Int(tree.matching[open])
        guard close > open else { return false }
        let body = (open + 1)..<close
        return body.count == 1 && (tree.isWord(body.lowerBound, "return") || tree.isWord(body.lowerBound, "continue"))
    }

    /// What a type's own code reads of its property by bare name.
    enum BareReads: Sendable {
        case none
        /// Only compared with `nil` (`if toast == nil`, `guard toast != nil`).
        case nilChecks
        /// Its value is used.
        case values
    }

    /// How the code of type `typeName` reads its property `name` by bare name (`if toast == nil`,
    /// `show(toast)`): not a write, a declaration, a label, or a parameter or local of the same name.
    static func bareReads(of name: String, inType typeName: String, index: ProjectIndex) -> BareReads {
        var found = BareReads.none
        let references = index.identifiers[name]
        for t in index.treeIndices(declaring: typeName) {
            let tree = index.trees[t]
            // The name's identifier tokens in this file, from the index: a type with thousands of
            // subjects is not read through once for each of them.
            let tokens = references.entries(inTree: t).map(\.token)
            guard !tokens.isEmpty else { continue }
            // Each use is asked for the type it stands in: reading the body of every same-named
            // declaration read a body again for each declaration around it.
            for i in tree.uses(name, amongIdentifiers: tokens, in: 0..<tree.tokens.count) {
                if i > 0, tree.isWord(i - 1, "var") || tree.isWord(i - 1, "let") || tree.isWord(i - 1, "func") || tree.isWord(i - 1, "case") { continue }
                if i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .equal || tree.tokens[i + 1].kind == .colon { continue }
                guard let owner = tree.enclosingType(of: i), tree.types[owner].name.lastNameComponent == typeName else { continue }
                if SubscriptionFinder.localVariable(named: name, visibleAt: i, in: tree) != nil { continue }
                if SubscriptionFinder.isParameter(named: name, visibleAt: i, in: tree) { continue }
                if SubscriptionFinder.isCasePatternBinding(named: name, visibleAt: i, in: tree) { continue }
                if tree.enclosingFunction(of: i) == nil, tree.innermostClosure(of: i) == nil { continue }
                let comparedWithNil = i + 2 < tree.tokens.count && (tree.tokenIs(i + 1, "==") || tree.tokenIs(i + 1, "!=")) && tree.isWord(i + 2, "nil")
                guard comparedWithNil else { return .values }
                found = .nilChecks
            }
        }
        return found
    }

    /// `.filter { $0 != nil }`.
    /// A `map` whose closure turns nil into a value of its own: it compares the value with nil
    /// (`{ $0 == nil }`, `{ $0 != nil }`) or gives a default for it (`{ $0 ?? .empty }`).
    static func mapsNilToAValue(_ element: ChainElement, in tree: SyntaxTree) -> Bool {
        guard element.isCall, element.arguments.isEmpty, element.closures.count == 1 else { return false }
        let closure = tree.closures[element.closures[0]]
        guard closure.bodyStart < closure.close else { return false }
        return (closure.bodyStart..<closure.close).contains { k in
            if tree.tokenIs(k, "??") { return true }
            guard tree.tokenIs(k, "==") || tree.tokenIs(k, "!=") else { return false }
            return (k + 1 < closure.close && tree.isWord(k + 1, "nil")) || (k > closure.bodyStart && tree.isWord(k - 1, "nil"))
        }
    }

    static func skipsNilTest(_ c: Int, in tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        guard closure.bodyStart + 2 < closure.close else { return false }
        return (closure.bodyStart..<(closure.close - 1)).contains { tree.tokenIs($0, "!=") && tree.isWord($0 + 1, "nil") }
    }

    /// The chain is the target of `=`.
    static func isAssignmentTarget(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        chain.last + 1 < tree.tokens.count && tree.tokens[chain.last + 1].kind == .equal
    }

    static func isArgumentOfOnReceive(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        guard case .argument(let open) = chain.context, let call = tree.call(openedAt: open) else { return false }
        return tree.chains[call.chain].elements[call.element].name == "onReceive"
    }

    /// The property a publisher is handed to: `var toastPublisher: … { toast.eraseToAnyPublisher() }`,
    /// `lazy var toastPublisher = toast.eraseToAnyPublisher()`, `self.toastPublisher = toast.eraseToAnyPublisher()`.
    static func aliasName(of chain: Chain, in tree: SyntaxTree) -> String? {
        switch chain.context {
        case .declaration(let v):
            return tree.variables[v].isLocal ? nil : tree.variables[v].name
        case .assignment(let target, false):
            guard case .selfMember(let name) = SubscriptionFinder.owner(ofTarget: target.lowerBound, through: target.upperBound, in: tree) else { return nil }
            return name
        case .returned, .implicitReturn:
            guard let f = tree.enclosingFunction(of: chain.first), tree.innermostClosure(of: chain.first) == nil else { return nil }
            let function = tree.functions[f]
            if let v = function.variable, !tree.variables[v].isLocal { return tree.variables[v].name }
            return nil
        default:
            return nil
        }
    }

    /// The computed properties whose getter is a projection alone (`var conflicts:
    /// Published<Conflict?>.Publisher { $lastConflict }`), by the projected name: read once per run.
    static func projectionGetters(index: ProjectIndex) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for tree in index.trees {
            for (v, variable) in tree.variables.enumerated() where variable.isComputed && !variable.isLocal {
                guard let getter = tree.getter(ofVariable: v), let open = tree.functions[getter].bodyOpen,
                      let close = tree.functions[getter].bodyClose, close - open <= 3 else { continue }
                var body = Array((open + 1)..<close)
                if body.count == 2, tree.isWord(body[0], "return") { body.removeFirst() }
                guard body.count == 1, tree.tokens[body[0]].kind == .dollarIdentifier else { continue }
                let projected = String(tree.name(body[0]).dropFirst())
                guard !projected.isEmpty, !projected.first!.isNumber else { continue }
                result[projected, default: []].append(variable.name)
            }
        }
        return result
    }

    /// Tokens in a range where `name` is set to nil: `name = nil`, `x.name = nil`, and for subjects
    /// `name.send(nil)`, `name.value = nil`.
    static func nilWrites(of name: String, kind: Kind, in tree: SyntaxTree, range: Range<Int>, orMaybeNil: Bool = false) -> [Int] {
        let range = range.clamped(to: 0..<tree.tokens.count)
        return nilWrites(of: name, kind: kind, in: tree, range: range, at: range.lazy.filter { tree.tokens[$0].kind == .identifier },
                         orMaybeNil: orMaybeNil)
    }

    /// `nilWrites(of:kind:in:range:orMaybeNil:)` at the identifier tokens `candidates` of `range`;
    /// with `index`, a value the project declares optional may be nil too (`typedMayBeNil`).
    private static func nilWrites<S: Sequence>(of name: String, kind: Kind, in tree: SyntaxTree, range: Range<Int>, at candidates: S,
                                               orMaybeNil: Bool, index: ProjectIndex? = nil) -> [Int] where S.Element == Int {
        let nilAt = { (i: Int) in
            orMaybeNil ? mayBeNil(i, in: tree) || index.map { typedMayBeNil(i, in: tree, index: $0) } == true : isNil(i, in: tree)
        }
        var result: [Int] = []
        for i in candidates where tree.isWord(i, name) {
            if i > 0, tree.isWord(i - 1, "var") || tree.isWord(i - 1, "let") { continue }
            var k = i + 1
            if kind == .subject {
                guard k + 1 < range.upperBound, tree.tokens[k].kind == .period else { continue }
                if tree.isWord(k + 1, "send"), k + 4 < range.upperBound + 1, k + 3 < tree.tokens.count,
                   tree.tokens[k + 2].kind == .leftParen, nilAt(k + 3) {
                    result.append(i)
                    continue
                }
                guard tree.isWord(k + 1, "value") else { continue }
                k += 2
            }
            if k + 1 < tree.tokens.count, tree.tokens[k].kind == .equal, nilAt(k + 1) { result.append(i) }
        }
        return result
    }

    /// The value written from token `i` on is nil or may be: `nil`, `.none`, and at the top level of
    /// the expression optional chaining (`episode?.imageID`), `as?`, `try?` or a `nil` (`flag ? name
    /// : nil`), unless a `??` there gives a default. What is nested in a call (`Toast(icon: nil)`)
    /// says nothing; nor does optional chaining inside a comparison (`updated.state != self?.card.state`
    /// is a `Bool`), unless a ternary picks between values after it; a ternary's condition says
    /// nothing (`hint != nil ? "title" : "details"` is never nil). A model that writes such a value
    /// holds nil as a state of its own, not only as its start.
    static func mayBeNil(_ i: Int, in tree: SyntaxTree) -> Bool {
        if isNil(i, in: tree) { return true }
        let level = tree.enclosing[i]
        var maybe = false
        var compares = false
        var picks = false
        var k = i
        while k < tree.tokens.count, k < i + 64, k == i || !tree.statementStarts[k] {
            let kind = tree.tokens[k].kind
            if kind == .rightParen || kind == .rightBrace || kind == .rightBracket, Int(tree.matching[k]) < i { break }
            if tree.enclosing[k] == level {
                if tree.tokenIs(k, "??") { return false }
                if tree.isWord(k, "nil") { maybe = true }
                // Optional chaining's `?` is written against the value before it (`episode?.imageID`);
                // a ternary's stands apart (`failed ? .invalidCredentials : .network`, two values).
                if kind == .questionMark, k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .period, k > 0,
                   tree.tokens[k].startOffset == tree.tokens[k - 1].endOffset { maybe = true }
                if tree.isWord(k, "as") || tree.isWord(k, "try"), k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .questionMark { maybe = true }
                if kind == .operator, Self.booleanOperators.contains(tree.name(k)) { compares = true }
                // What comes before a ternary's `?` is its condition (`hint != nil ? "title" : "details"`):
                // only the values it picks between can be nil.
                if kind == .questionMark, k > 0, tree.tokens[k].startOffset != tree.tokens[k - 1].endOffset {
                    picks = true
                    maybe = false
                    compares = false
                }
            }
            k += 1
        }
        return maybe && (picks || !compares)
    }

    /// The value written from token `i` on is one expression whose result is declared or known
    /// optional: a collection member that finds nothing (`fields.first { $0.id == id }`, `items.last`),
    /// a property the project declares optional (`reading.batteryLevel` with `let batteryLevel:
    /// Double?`), or a parameter or local declared optional. A model that copies such a value in holds
    /// nil as a state of its own.
    static func typedMayBeNil(_ i: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let c = tree.chain(startingAt: i), case let chain = tree.chains[c], FinitePublishers.endsStatement(chain.last, in: tree),
              let last = chain.elements.last, last.subscripts.isEmpty,
              case let end = last.lastToken, !(end + 1 < tree.tokens.count && tree.tokens[end + 1].kind == .exclamationMark) else { return false }
        if chain.elements.count > 1, Catalogue.optionalResultCollectionMembers.contains(last.name) { return true }
        if chain.elements.count == 1 {
            guard !last.isCall, last.kind == .root else { return false }
            switch TypeResolver.localDeclaration(of: last.name, at: last.nameToken, in: tree) {
            case .local(let v): return TypeText.isOptional(tree.variables[v].typeText)
            case .parameter(let parameter): return TypeText.isOptional(parameter.typeText)
            default: return false
            }
        }
        guard !last.isCall, last.kind == .member,
              let owner = TypeResolver.ownerTypeThroughProperties(ofElement: chain.elements.count - 1, in: chain, tree: tree, index: index),
              let property = index.property(last.name, ofType: owner) else { return false }
        return TypeText.isOptional(property.typeText)
    }

    /// Operators whose result is a `Bool`, whatever their operands.
    private static let booleanOperators: Set<String> = ["==", "!=", "===", "!==", "<", ">", "<=", ">=", "&&", "||"]

    static func isNil(_ i: Int, in tree: SyntaxTree) -> Bool {
        if tree.isWord(i, "nil") { return true }
        return tree.tokens[i].kind == .period && i + 1 < tree.tokens.count && tree.isWord(i + 1, "none")
    }

    /// nil writes through a member chain, as "tree:token" of the member's name:
    /// `x.toast = nil`, and for subjects `x.toast.send(nil)`, `x.toast.value = nil`; also writes of
    /// a value that may be nil (`self.imageID = episode?.imageID`, see `mayBeNil`).
    /// A test's `store.toast.send(nil)` drives the producer by hand: like a test's consumers, it
    /// says nothing about how the app treats nil.
    static func memberNilWrites(of name: String, kind: Kind, index: ProjectIndex) -> [String] {
        var result: [String] = []
        var testCode = TestCaseCode.Answers()
        for use in index.memberUses[name] ?? [] where !use.projected {
            let tree = index.trees[use.tree]
            let chain = tree.chains[use.chain]
            let element = chain.elements[use.element]
            let rest = chain.elements.count - use.element - 1
            let assignedNil = isAssignmentTarget(chain, in: tree) && chain.last + 2 < tree.tokens.count
                && (mayBeNil(chain.last + 2, in: tree) || typedMayBeNil(chain.last + 2, in: tree, index: index))
            var writes = false
            if rest == 0 {
                writes = assignedNil
            } else if kind == .subject, rest == 1 {
                let next = chain.elements[use.element + 1]
                if next.name == "value" { writes = assignedNil }
                if next.name == "send", next.arguments.count == 1, mayBeNil(next.arguments[0].value.lowerBound, in: tree) { writes = true }
            }
            if writes, !testCode.isTestOrDouble(chain.first, of: tree, treeIndex: use.tree, index: index) {
                result.append("\(use.tree):\(element.nameToken)")
            }
        }
        return result
    }

    /// The tree and token a nil write noted as "tree:token" stands at, or nil for a malformed or
    /// out-of-range note.
    static func position(ofWrite write: String, index: ProjectIndex) -> (tree: SyntaxTree, token: Int)? {
        guard let colon = write.firstIndex(of: ":"), let t = Int(write[..<colon]),
              let token = Int(write[write.index(after: colon)...]), t < index.trees.count, token < index.trees[t].tokens.count else { return nil }
        return (index.trees[t], token)
    }

    /// Every nil write of `name` (or write of a value that may be nil) in the files declaring or
    /// extending `declaringType`, as "tree:token".
    static func nilWrites(of name: String, kind: Kind, index: ProjectIndex, declaringType: String) -> [String] {
        var result: [String] = []
        let uses = index.identifiers[name]
        for t in index.treeIndices(declaring: declaringType) {
            let tree = index.trees[t]
            // The name's tokens in the file, from the index: a file may be large, the name rare.
            let candidates = uses.entries(inTree: t).lazy.map(\.token)
            for w in nilWrites(of: name, kind: kind, in: tree, range: 0..<tree.tokens.count, at: candidates, orMaybeNil: true, index: index) {
                result.append("\(t):\(w)")
            }
        }
        return result
    }
}
