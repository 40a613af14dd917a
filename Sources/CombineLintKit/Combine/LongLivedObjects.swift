/// Types whose objects live for the whole run of the app or of the tests, whoever holds them: a
/// retain cycle through such an object frees nothing later than it would have been freed anyway.
public enum LongLivedObjects {
    /// Whether the object whose code holds token `token` (its enclosing type) lives for the whole run:
    /// - a test case (`XCTestCase` and its kin): XCTest keeps every test case object to the end;
    /// - the application's delegate, which the system makes at launch and keeps to the end, and
    ///   SwiftUI's `App`, made once at launch;
    /// - a class whose every instance the project makes in a place that runs once per run and
    ///   keeps what it makes: a static stored property of the class itself
    ///   (`static let shared = Storage()`); the application's delegate or SwiftUI `App`; the
    ///   factory of a singleton-scoped dependency-injection registration; the stored properties
    ///   or initializer of an object that itself lives for the run; the `@StateObject` of a view
    ///   that only the `App` builds. Previews do not count (the app never runs them), nor do
    ///   tests and test doubles (what they make lives in a test run). A class
    ///   with subclasses, or made anywhere else (a screen making its own), or made nowhere the
    ///   project shows (a storyboard), does not count.
    public static func liveForTheRun(around token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        guard let t = tree.enclosingType(of: token) else { return false }
        let name = tree.types[t].name.lastNameComponent
        if isTestCase(name, index: index) { return true }
        // The application's delegate itself: `UIApplicationMain` (or `NSApplicationMain`) makes it
        // at launch and keeps it until the process ends.
        if isApplicationDelegate(name, index: index) || isOnlySceneDelegate(name, index: index) { return true }
        // SwiftUI's `App` value: the system makes it once at launch, and its `init` runs once.
        if tree.types[t].kind == .struct, index.inherits(name, from: "App") { return true }
        guard let treeIndex = index.treeIndexByPath[tree.file.path],
              let declaration = declaration(of: t, treeIndex: treeIndex, index: index, memo: memo) else { return false }
        var search = OwnerSearch(index: index, memo: memo)
        return search.livesForTheRun(declaration)
    }

    /// Whether `typeName` is a class conforming to `UIApplicationDelegate` or `NSApplicationDelegate`.
    public static func isApplicationDelegate(_ typeName: String, index: ProjectIndex) -> Bool {
        Catalogue.applicationDelegateProtocols.contains { index.inherits(typeName, from: $0) }
    }

    /// Whether `typeName` is a scene delegate of an app that never works with a second scene
    /// (`requestSceneSessionActivation`, `openSessions`, … appear nowhere, no `Info.plist` sets
    /// `UIApplicationSupportsMultipleScenes`, and the app names at most one scene configuration):
    /// its one scene connects at launch and stays until the app ends, so the delegate, and what it
    /// makes when the scene connects, lives for the run. An app that opens more windows discards
    /// their scenes when they close.
    public static func isOnlySceneDelegate(_ typeName: String, index: ProjectIndex) -> Bool {
        !index.appSettings.supportsMultipleScenes
            && Catalogue.sceneDelegateProtocols.contains { index.inherits(typeName, from: $0) }
            && Catalogue.sceneOpeningCalls.allSatisfy { !usesSceneAPI($0, index: index) }
            && sceneConfigurationNames(index).count < 2
    }

    /// Whether the project uses `UIApplication`'s scene API `name` (`UIApplication.shared.openSessions`,
    /// `application.requestSceneSessionActivation(…)`): a property or method of the project's own of
    /// the name (a chat coordinator's `openSessions` dictionary) is not it, unless read on the application.
    private static func usesSceneAPI(_ name: String, index: ProjectIndex) -> Bool {
        let uses = index.identifiers[name]
        guard !uses.isEmpty else { return false }
        guard !index.properties(named: name).isEmpty || !index.functions[name].isEmpty else { return true }
        return uses.contains { reference in
            let tree = index.trees[reference.tree]
            let k = reference.item
            return k >= 2 && tree.tokens[k - 1].kind == .period && Catalogue.applicationReceiverNames.contains(tree.name(k - 2))
        }
    }

    /// The names the project gives scene configurations it makes (`UISceneConfiguration(name:
    /// "Patient Window", sessionRole: …)`), as written in string literals.
    static func sceneConfigurationNames(_ index: ProjectIndex) -> Set<String> {
        var names = Set<String>()
        for reference in index.identifiers[Catalogue.sceneConfigurationType] {
            let tree = index.trees[reference.tree]
            let k = reference.item
            guard k + 5 < tree.tokens.count, tree.tokens[k + 1].kind == .leftParen, tree.isWord(k + 2, "name"),
                  tree.tokens[k + 3].kind == .colon, tree.tokens[k + 4].kind == .stringStart,
                  tree.tokens[k + 5].kind == .stringSegment else { continue }
            names.insert(tree.text(k + 5))
        }
        return names
    }

    /// Whether `typeName` is a test case class. Asked through `inherits`, whose answers are kept per
    /// type and ancestor: a walk up each type's whole ancestry instead made a chain of thousands of
    /// classes quadratic.
    public static func isTestCase(_ typeName: String, index: ProjectIndex) -> Bool {
        index.testCaseTypeNames.answer(typeName) { Catalogue.testCaseClasses.contains { index.inherits(typeName, from: $0) } }
    }

    /// The declaration of type `t` of `tree`: itself, or for an extension the type it extends.
    static func declaration(of t: Int, treeIndex: Int, index: ProjectIndex, memo: ProjectMemo) -> DeclarationReference? {
        guard case .declared(let declaration) = TypeIdentity.of(type: t, inTree: treeIndex, index: index, memo: memo) else { return nil }
        return declaration
    }
}

/// The search behind `LongLivedObjects`: a type lives for the run when every place that makes one
/// does, which may ask the same of the type owning that place. Answers are kept per declaration
/// in the run's memo. A type met again on the way (made by its own maker) does not live for the
/// run on that account; that answer holds whichever type is asked first, so it is kept too.
/// Only an answer cut short by the depth limit is not kept.
private struct OwnerSearch {
    let index: ProjectIndex
    let memo: ProjectMemo
    private var visiting: Set<DeclarationReference> = []
    private var cutShort = false
    /// How many static factories deep the calls of a factory are being followed.
    private var factoryDepth = 0
    /// Owners within owners deeper than this are not followed (a long generated chain would
    /// otherwise recurse as deep as it is long).
    private static let depthLimit = 24

    init(index: ProjectIndex, memo: ProjectMemo) {
        self.index = index
        self.memo = memo
    }

    /// Whether objects of the class `declaration` live for the run.
    mutating func livesForTheRun(_ declaration: DeclarationReference) -> Bool {
        answer(declaration, kind: "class") { search in
            let type = search.index.trees[declaration.tree].types[declaration.item]
            guard type.kind == .class else { return false }
            // Asked last: the subtypes of a type deep in a long inheritance chain are many.
            return search.everySiteKeeps(declaration) && !search.hasSubclass(declaration)
        }
    }

    /// Whether the view `declaration` is built only where it stays for the run (by the `App`),
    /// so that SwiftUI keeps its `@StateObject`s to the end.
    private mutating func viewStaysForTheRun(_ declaration: DeclarationReference) -> Bool {
        answer(declaration, kind: "view") { search in
            let type = search.index.trees[declaration.tree].types[declaration.item]
            return type.kind == .struct && search.everySiteKeeps(declaration)
        }
    }

    private mutating func answer(_ declaration: DeclarationReference, kind: String, _ work: (inout OwnerSearch) -> Bool) -> Bool {
        let key = "lives-for-the-run \(kind) \(declaration.tree):\(declaration.item)"
        if let known = memo.known(key, as: Bool.self) { return known }
        guard !visiting.contains(declaration) else { return false }
        guard visiting.count < Self.depthLimit else {
            cutShort = true
            return false
        }
        visiting.insert(declaration)
        let wasCut = cutShort
        cutShort = false
        let result = work(&self)
        visiting.remove(declaration)
        if !cutShort { _ = memo.value(for: key) { result } }
        cutShort = cutShort || wasCut
        return result
    }

    /// The type is made somewhere, and every place making one (outside previews) runs once and
    /// keeps it for the run.
    private mutating func everySiteKeeps(_ declaration: DeclarationReference) -> Bool {
        var made = false
        for site in TypeConstructions.sites(of: declaration, index: index, memo: memo) {
            guard !PreviewCode.contains(site.token, inTree: site.tree, index: index, memo: memo) else { continue }
            // Ambiguous: it may make one elsewhere.
            guard site.resolvesUniquely else { return false }
            let tree = index.trees[site.tree]
            // A test's `SettingsStore(defaults: suite)` makes one for that test run only: the app's
            // sites decide whether its objects live for the app's run (one app site is still needed).
            guard !TestCaseCode.isTestOrDouble(site.token, of: tree, index: index) else { continue }
            guard siteKeeps(site.token, chainStart: tree.chains[site.chain].first, in: tree,
                            treeIndex: site.tree, made: declaration) else { return false }
            made = true
        }
        return made
    }

    /// Some class names `declaration` as its superclass (resolved from where it is written: a
    /// protocol of the same simple name elsewhere is no superclass).
    func hasSubclass(_ declaration: DeclarationReference) -> Bool {
        let name = index.trees[declaration.tree].types[declaration.item].name.lastNameComponent
        for subtype in index.directSubtypes(of: name) {
            for candidate in index.typeDeclarations[subtype] {
                let tree = index.trees[candidate.tree]
                let type = tree.types[candidate.item]
                for entry in type.inheritance where ProjectIndex.stripGenerics(entry).lastNameComponent == name {
                    let meant = TypeDeclarationResolver.declaration(named: ProjectIndex.stripGenerics(entry), at: type.keywordToken,
                                                                    inTree: candidate.tree, index: index, memo: memo)
                    // Unresolved: it may be this class.
                    if meant == nil || meant == declaration { return true }
                }
            }
        }
        return false
    }

    /// The object made at token `token` is made once per run and kept for it.
    private mutating func siteKeeps(_ token: Int, chainStart: Int, in tree: SyntaxTree, treeIndex: Int, made: DeclarationReference) -> Bool {
        if SingletonRegistrations.isInSingletonFactory(token, in: tree, index: index, memo: memo) { return true }
        guard let owner = tree.enclosingType(of: token) else { return false }
        let ownerName = tree.types[owner].name.lastNameComponent
        if Catalogue.applicationObjects.contains(where: { index.inherits(ownerName, from: $0) })
            || LongLivedObjects.isOnlySceneDelegate(ownerName, index: index) {
            // Not in a method the user or the system runs again and again (a menu's `@objc` action,
            // `applicationDidBecomeActive`): each run makes another one and lets the last one go.
            // SwiftUI builds a scene's content (`WindowGroup { ContentView(model: Model()) }`) for each
            // window it opens, and again when the `App`'s state changes: an object made right there is
            // not made once per run (a view made there keeps its `@StateObject`s for its window).
            if tree.types[owner].kind == .struct, tree.innermostClosure(of: token) != nil,
               index.trees[made.tree].types[made.item].kind == .class { return false }
            guard let f = tree.outerMethod(of: token), case let function = tree.functions[f] else { return true }
            // A closure given to an operator or subscriber (`$state.map { _ in LoginModel() }`) runs
            // for each value, even in the launch callback: each value makes another one.
            if OwnerSearch.runsPerValue(token, in: tree, within: function) { return false }
            // One of many kept side by side (`windowControllers[server.id] = wc`, `windows.append(wc)`):
            // a window per server or document, each let go when its slot is emptied.
            if OwnerSearch.isKeptInCollection(chainStartingAt: chainStart, in: tree, within: function) { return false }
            // Kept in a property that code sets back to `nil` (`browserWindowController = controller`, then
            // `self?.browserWindowController = nil` when its window closes): the next call makes another.
            if OwnerSearch.isKeptInPropertyEmptiedLater(chainStartingAt: chainStart, in: tree, within: function, index: index) { return false }
            return !OwnerSearch.runsRepeatedly(function)
                && !isCalledFromRepeatedMethod(function.name, ofType: ownerName)
        }
        // A static stored property's initial value is made once, on first use, and kept for the
        // run, with what it is made from (`static let live = AppEnvironment(store: BookingStore())`),
        // also inside a closure applied right there (`static let live: AppEnvironment = { … }()`).
        if let v = storedProperty(initializing: token, in: tree, owner: owner), tree.variables[v].isStatic,
           !tree.variables[v].isComputed, OwnerSearch.closuresAreAppliedAtOnce(around: token, in: tree) {
            return true
        }
        // Code in closures may run any number of times.
        guard tree.innermostClosure(of: token) == nil else { return false }
        // Made in a static factory that only static stored properties call
        // (`static let shared = AppEnvironment.live()`, `static func live() -> AppEnvironment { AppEnvironment(…) }`).
        if let f = tree.enclosingFunction(of: token), case let function = tree.functions[f], function.isStatic,
           function.kind == .function, isCalledOnlyFromStaticInitialValues(function.name) {
            return true
        }
        // …or one whose every call keeps what it returns for the run (`lazy var environment =
        // AppEnvironment.live()` of the application's delegate).
        if let f = tree.enclosingFunction(of: token), case let function = tree.functions[f], function.isStatic,
           function.kind == .function, factoryDepth < 2 {
            factoryDepth += 1
            defer { factoryDepth -= 1 }
            if everyCallKeeps(function, made: made) { return true }
        }
        let ownerDeclaration = DeclarationReference(tree: treeIndex, item: owner)
        if let v = storedProperty(initializing: token, in: tree, owner: owner) {
            let variable = tree.variables[v]
            if variable.isStatic { return ownerDeclaration == made }
            switch tree.types[owner].kind {
            case .class: return livesForTheRun(ownerDeclaration)
            case .struct:
                return variable.attributes.contains { attribute in Catalogue.viewOwnedStateAttributes.contains { attribute == "@" + $0 } }
                    && viewStaysForTheRun(ownerDeclaration)
            default: return false
            }
        }
        // A default argument of the owner's initializer (`init(settings: SettingsStore = SettingsStore())`)
        // is made by each call of it that leaves the argument out, as its body's objects are.
        if tree.types[owner].kind == .class, isDefaultArgumentOfInitializer(token, of: owner, in: tree) {
            return livesForTheRun(ownerDeclaration)
        }
        guard let f = tree.enclosingFunction(of: token) else { return false }
        if tree.functions[f].kind == .initializer, tree.types[owner].kind == .class {
            return livesForTheRun(ownerDeclaration)
        }
        // Made on first use into a property that nothing empties: once per owner.
        if tree.functions[f].kind == .function,
           LazyOnceAssignments.isMadeOnce(chainStartingAt: chainStart, in: tree, ownerName: ownerName, index: index),
           let declared = LongLivedObjects.declaration(of: owner, treeIndex: treeIndex, index: index, memo: memo) {
            return livesForTheRun(declared)
        }
        return false
    }

    /// Whether token `token` is in the parameter clause of an initializer of type `owner`, before its body.
    private func isDefaultArgumentOfInitializer(_ token: Int, of owner: Int, in tree: SyntaxTree) -> Bool {
        tree.types[owner].functions.contains { f in
            let function = tree.functions[f]
            guard function.kind == .initializer, let open = function.bodyOpen else { return false }
            return function.nameToken < token && token < open
        }
    }

    /// A method of an application object that the user or the system runs again and again: a
    /// menu's `@objc` action, an `@IBAction`, `applicationDidBecomeActive`.
    static func runsRepeatedly(_ function: FunctionDecl) -> Bool {
        Catalogue.foregroundCallbacks.contains(function.name) || function.isObjCCallable
    }

    /// Whether a method of the type named `typeName` that runs again and again calls its method
    /// `name` (`@IBAction func newWindow(_:) { openWindow(for: nil) }`), or a closure of its that
    /// runs for each value of a pipeline does: what `name` makes is then made on each run.
    private func isCalledFromRepeatedMethod(_ name: String, ofType typeName: String) -> Bool {
        let uses = index.identifiers[name]
        for t in index.treeIndices(declaring: typeName) {
            let tree = index.trees[t]
            for reference in uses.entries(inTree: t) {
                let k = reference.token
                guard k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .leftParen, tree.name(k) == name,
                      k == 0 || tree.tokens[k - 1].kind != .period || (k >= 2 && tree.isWord(k - 2, "self"))
                        || (k >= 3 && tree.tokens[k - 2].kind == .questionMark && tree.isWord(k - 3, "self")),
                      let caller = tree.outerMethod(of: k), tree.functions[caller].nameToken != k,
                      let owner = tree.functions[caller].enclosingType, tree.types[owner].name.lastNameComponent == typeName
                else { continue }
                if OwnerSearch.runsRepeatedly(tree.functions[caller]) { return true }
                // Called from a closure run for each value (`lockRequested.sink { self?.presentLockScreen() }`).
                if OwnerSearch.runsPerValue(k, in: tree, within: tree.functions[caller]) { return true }
            }
        }
        return false
    }

    /// Whether the object made by the chain starting at `chainStart` goes into a stored property, directly
    /// (`browserWindowController = BrowserWindowController(…)`, `self.x = …`) or through the local it is
    /// given to first (`let controller = …; browserWindowController = controller`), and some code of the
    /// project writes `nil` to a property of that name (`self?.browserWindowController = nil`).
    static func isKeptInPropertyEmptiedLater(chainStartingAt chainStart: Int, in tree: SyntaxTree, within function: FunctionDecl,
                                             index: ProjectIndex) -> Bool {
        guard let c = tree.chain(startingAt: chainStart) else { return false }
        let chain = tree.chains[c]
        var names: [String] = []
        switch chain.context {
        case .assignment(let target, false):
            // `name = …` or `self.name = …`.
            if tree.tokens[target.upperBound].kind == .identifier { names.append(tree.name(target.upperBound)) }
        case .declaration(let v):
            guard let close = function.bodyClose else { return false }
            let local = tree.variables[v].name
            for k in (chain.last + 1)..<close where tree.tokens[k].kind == .identifier && tree.name(k) == local {
                // `browserWindowController = controller` (or `self.browserWindowController = controller`).
                guard k >= 2, tree.tokens[k - 1].kind == .equal, tree.tokens[k - 2].kind == .identifier,
                      k + 1 >= close || tree.lineBreakBefore[k + 1] || [.semicolon, .rightBrace].contains(tree.tokens[k + 1].kind)
                else { continue }
                names.append(tree.name(k - 2))
            }
        default:
            return false
        }
        return names.contains { LazyOnceAssignments.isSetToNilSomewhere($0, index: index) }
    }

    /// Whether the object made by the chain starting at `chainStart` goes into a collection, directly
    /// (`controllers[id] = Controller()`, `windows.append(Controller())`) or through the local it
    /// is given to first (`let wc = Controller(); …; windowControllers[server.id] = wc`).
    static func isKeptInCollection(chainStartingAt chainStart: Int, in tree: SyntaxTree, within function: FunctionDecl) -> Bool {
        guard let c = tree.chain(startingAt: chainStart) else { return false }
        let chain = tree.chains[c]
        switch chain.context {
        case .assignment(let target, _):
            return tree.tokens[target.upperBound].kind == .rightBracket
        case .argument(let open):
            return addsToCollection(callOpenedAt: open, in: tree)
        case .declaration(let v):
            guard let open = function.bodyOpen, let close = function.bodyClose else { return false }
            let name = tree.variables[v].name
            for k in chain.last..<close where tree.tokens[k].kind == .identifier && tree.name(k) == name && k > open + 2 {
                // `slots[key] = wc`
                if tree.tokens[k - 1].kind == .equal, tree.tokens[k - 2].kind == .rightBracket,
                   k + 1 < close, tree.lineBreakBefore[k + 1] || [.semicolon, .rightBrace].contains(tree.tokens[k + 1].kind) { return true }
                // `windows.append(wc)`
                if tree.tokens[k - 1].kind == .leftParen, addsToCollection(callOpenedAt: k - 1, in: tree) { return true }
            }
            return false
        default:
            return false
        }
    }

    /// The `(` at `open` opens `append(…)` or `insert(…)` called on a value.
    private static func addsToCollection(callOpenedAt open: Int, in tree: SyntaxTree) -> Bool {
        open >= 2 && tree.tokens[open - 2].kind == .period && (tree.isWord(open - 1, "append") || tree.isWord(open - 1, "insert"))
    }

    /// Token `token` lies in a closure handed to a pipeline operator or subscriber (`map`, `sink`)
    /// of a chain in `function`'s body.
    static func runsPerValue(_ token: Int, in tree: SyntaxTree, within function: FunctionDecl) -> Bool {
        let enclosing = Set(tree.enclosingClosures(of: token))
        guard !enclosing.isEmpty, let open = function.bodyOpen, let close = function.bodyClose, open < close else { return false }
        return tree.chains(in: open...close).contains { chain in
            chain.elements.contains { element in
                Catalogue.pipelineOperators.contains(element.name) && element.closures.contains(where: enclosing.contains)
            }
        }
    }

    /// Whether every closure around token `token` is applied where it is written (`{ … }()`): its
    /// body runs once, as the code around it does.
    static func closuresAreAppliedAtOnce(around token: Int, in tree: SyntaxTree) -> Bool {
        tree.enclosingClosures(of: token).allSatisfy { c in
            let close = tree.closures[c].close
            return close + 2 < tree.tokens.count && tree.tokens[close + 1].kind == .leftParen && tree.tokens[close + 2].kind == .rightParen
        }
    }

    /// Every call of a function named `name` in the project (at least one) is in the initial value of
    /// a static stored property, made once on first use.
    /// Every call of the static factory `name` in the app (outside tests and previews) is a place
    /// that runs once and keeps what it gets for the run, and there is one.
    private mutating func everyCallKeeps(_ function: FunctionDecl, made: DeclarationReference) -> Bool {
        let name = function.name
        var calls = 0
        for reference in index.chainElements[name] {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let element = chain.elements[reference.element]
            // `case live(since: Date)` or `.live(since: now)` of an enum is no call of `live()`.
            guard element.isCall, function.accepts(argumentLabels: element.argumentLabels) else { continue }
            // `AppEnvironment.live().store` keeps a part of what it makes, and lets the rest go.
            guard reference.element == chain.elements.count - 1 else { return false }
            guard !PreviewCode.contains(element.nameToken, inTree: reference.tree, index: index, memo: memo),
                  !TestCaseCode.isTestOrDouble(element.nameToken, of: tree, index: index) else { continue }
            guard siteKeeps(element.nameToken, chainStart: chain.first, in: tree, treeIndex: reference.tree, made: made) else { return false }
            calls += 1
        }
        // `environment = .live()`: a call written as an implicit member makes no chain.
        for reference in index.identifiers[name] {
            let tree = index.trees[reference.tree]
            let k = reference.item
            // `.live(since: Date())` of an enum case of the name is no call of `live()`.
            guard let kept = OwnerSearch.implicitMemberCallIsWhole(at: k, in: tree),
                  function.accepts(argumentLabels: OwnerSearch.implicitMemberCallLabels(at: k, in: tree)) else { continue }
            guard kept else { return false }
            guard !PreviewCode.contains(k, inTree: reference.tree, index: index, memo: memo),
                  !TestCaseCode.isTestOrDouble(k, of: tree, index: index) else { continue }
            guard siteKeeps(k, chainStart: k - 1, in: tree, treeIndex: reference.tree, made: made) else { return false }
            calls += 1
        }
        return calls > 0
    }

    /// For a call written as an implicit member at name token `k` (`= .live()`, `return .live()`,
    /// `(.live())`): whether the whole result is the value (true), or only a part of it or a
    /// collection's slot takes it (`.live().store`, `slots[id] = .live()`: false); nil when `k` is no
    /// such call.
    /// The argument labels of the call whose name is token `k` and whose `(` follows it (`_` for
    /// an unlabelled argument): `[]` for `.live()`, `["since"]` for `.live(since: now)`.
    static func implicitMemberCallLabels(at k: Int, in tree: SyntaxTree) -> [String] {
        let open = k + 1
        let close = Int(tree.matching[open])
        guard close > open + 1 else { return [] }
        var labels: [String] = []
        var argumentStart = true
        for j in (open + 1)..<close where Int(tree.enclosing[j]) == open {
            if argumentStart {
                let labelled = j + 1 < close && tree.tokens[j + 1].kind == .colon
                    && (tree.tokens[j].kind == .identifier || tree.tokens[j].kind == .keyword)
                labels.append(labelled ? tree.name(j) : "_")
                argumentStart = false
            }
            if tree.tokens[j].kind == .comma { argumentStart = true }
        }
        return labels
    }

    static func implicitMemberCallIsWhole(at k: Int, in tree: SyntaxTree) -> Bool? {
        guard k >= 2, k + 1 < tree.tokens.count, tree.tokens[k - 1].kind == .period, !tree.lineBreakBefore[k - 1],
              tree.tokens[k + 1].kind == .leftParen else { return nil }
        let before = tree.tokens[k - 2].kind
        guard before == .equal || before == .leftParen || before == .comma || before == .colon || tree.isWord(k - 2, "return") else { return nil }
        let close = Int(tree.matching[k + 1])
        guard close > k + 1 else { return nil }
        if close + 1 < tree.tokens.count, !tree.lineBreakBefore[close + 1],
           [.period, .questionMark, .exclamationMark, .leftBracket].contains(tree.tokens[close + 1].kind) { return false }
        if before == .equal, k >= 3, tree.tokens[k - 3].kind == .rightBracket { return false }
        return true
    }

    private func isCalledOnlyFromStaticInitialValues(_ name: String) -> Bool {
        var calls = 0
        for reference in index.chainElements[name] {
            let tree = index.trees[reference.tree]
            let element = tree.chains[reference.chain].elements[reference.element]
            guard element.isCall else { continue }
            guard let owner = tree.enclosingType(of: element.nameToken),
                  let v = storedProperty(initializing: element.nameToken, in: tree, owner: owner), tree.variables[v].isStatic,
                  OwnerSearch.closuresAreAppliedAtOnce(around: element.nameToken, in: tree) else { return false }
            calls += 1
        }
        return calls > 0
    }

    /// The stored property of type `owner` whose initial value holds token `token`.
    private func storedProperty(initializing token: Int, in tree: SyntaxTree, owner: Int) -> Int? {
        tree.types[owner].variables.first { v in
            let variable = tree.variables[v]
            return !variable.isComputed && variable.initializer?.contains(token) == true
        }
    }
}
