/// Methods called on another object from code that runs again and again: SwiftUI closures that
/// run on every appearance (`.onAppear { viewModel.bind() }`, `.task { await model.load() }`), on
/// every change of a value (`.onChange(of: isPlaying) { manager.play() }`), on every value of a
/// publisher, tap or submit (`Catalogue.repeatedViewModifiers`); and the other repeated code of
/// `RepeatedEntryPoints` (a notification sink or observer block, a `UIAction`, a repeating timer,
/// a `for await` loop body); and a view's `body` and the view-building helpers it calls, which run
/// on every change of the state they read. Found through the index's chain-element postings (and each file's
/// `for await` loops), once per run, by the called method's name.
public struct RepeatedViewCalls: Sendable {
    /// One call: `receiver.method(…)` as a statement of such code.
    public struct Call: Sendable, Hashable {
        public var tree: Int
        /// The method's name token.
        public var token: Int
        /// The receiver as written (`viewModel`; `self.viewModel` gives `viewModel`; `Store.shared`;
        /// `appDelegate.store`).
        public var receiver: String
        /// What runs again and again (`onAppear`, `onChange`, `notification sink`, `for await loop`).
        public var modifier: String
    }

    /// The calls by method name.
    public let byMethod: [String: [Call]]
    /// Calls made in SwiftUI's `.onDisappear { … }` (`model.stopLiveUpdates()`), by method name: what
    /// ends, when the view goes, what its `.onAppear` started.
    public let onDisappearByMethod: [String: [Call]]
    /// The first call's label by method name and receiver type (`"load\u{0}Store"`), the types
    /// resolved once here rather than by every type that asks.
    private let labelByMethodAndType: [String: String]

    /// The label of the first repeated call of `method` on an object of type `typeName`, if any.
    public func label(ofCallsTo method: String, onType typeName: String) -> String? {
        labelByMethodAndType[method + "\u{0}" + typeName]
    }

    /// The type of the object a call is made on: `model` (a local, parameter or property), `Store.shared`,
    /// or `appDelegate.store` (a property of one).
    public static func receiverType(of call: Call, index: ProjectIndex) -> String? {
        receiverType(of: call, in: index.trees[call.tree], index: index)
    }

    /// Whether the object a call is made on may be of type `typeName`: its declared type is that type
    /// or one it inherits from or conforms to (`let viewModel: FeedViewModelType`), or a generic
    /// parameter of the view constrained to one (`struct FeedView<Model: FeedModeling>: View`), as
    /// protocol-oriented SwiftUI code writes it.
    static func receiver(of call: Call, mayBe typeName: String, index: ProjectIndex) -> Bool {
        let tree = index.trees[call.tree]
        guard var type = receiverType(of: call, in: tree, index: index) else { return false }
        // `WatchModels.Dashboard()` makes a `Dashboard`: types are asked by their simple names.
        type = ProjectIndex.stripGenerics(type).lastNameComponent
        if type == typeName { return true }
        if let constraint = GenericBindings.constraint(ofParameter: type, at: call.token, in: tree, index: index) {
            type = constraint
        }
        if type == typeName || index.allAncestors(of: typeName).contains(where: { ProjectIndex.stripGenerics($0).lastNameComponent == type }) {
            return true
        }
        // A method the receiver's type gets from a protocol extension it conforms to, or a class it
        // inherits from (`model.enableAutosave()` with `extension Persistable { func enableAutosave() }`),
        // unless the receiver's type declares its own method of that name, which the call runs instead.
        guard index.type(named: type)?.methods.contains(tree.name(call.token)) != true else { return false }
        return index.allAncestors(of: type).contains { ProjectIndex.stripGenerics($0).lastNameComponent == typeName }
    }

    /// As `receiverType(of:index:)`, with the call's tree at hand (lent, not copied out of `index.trees`).
    static func receiverType(of call: Call, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        if let dot = call.receiver.firstIndex(of: ".") {
            if call.receiver.first?.isUppercase == true { return TypeResolver.typeName(annotation: "", initializer: call.receiver) }
            guard let holder = TypeResolver.typeOfName(String(call.receiver[..<dot]), at: call.token, in: tree, index: index),
                  let property = index.property(String(call.receiver[call.receiver.index(after: dot)...]), ofType: holder) else { return nil }
            return TypeResolver.typeName(of: property)
        }
        return TypeResolver.typeOfName(call.receiver, at: call.token, in: tree, index: index)
    }

    /// The calls names that mark repeated code, looked up in the postings.
    private static let entryCalls = Catalogue.repeatedViewModifiers.union(["addObserver", "sink", "scheduledTimer"])
        .union(Catalogue.actionHandlerTypes)

    /// Where the run's one copy is kept in the memo.
    private static let memoKey = "repeated-view-calls"

    /// The project's repeated calls, worked out once per run and shared by every rule that asks.
    public static func of(_ index: ProjectIndex, memo: ProjectMemo) -> RepeatedViewCalls {
        memo.value(for: memoKey) { RepeatedViewCalls(index: index) }
    }

    /// Makes them ahead of the files that ask (`Rule.preparations`).
    public static func preparation(_ index: ProjectIndex, memo: ProjectMemo) -> Preparation {
        Preparation(memoKey) { _ = of(index, memo: memo) }
    }

    public init(index: ProjectIndex) {
        var byMethod: [String: [Call]] = [:]
        /// The `receiver.method(…)` statements between the braces of `body`, by method name.
        func collect(in body: Range<Int>, of tree: SyntaxTree, treeIndex: Int, label: String, into calls: inout [String: [Call]]) {
            guard body.lowerBound + 1 < body.upperBound else { return }
            // `.task { guard !didStart else { return }; didStart = true; model.observeTotals() }`: a flag the
            // closure sets, and its type only ever sets one way (a view's `@State`), lets what it guards run once.
            let inside = (body.lowerBound + 1)..<body.upperBound
            var flags = RunOnceGuards.oneWayFlagAssignments(in: [inside], of: tree)
            if !flags.isEmpty, let t = tree.enclosingType(of: body.lowerBound), let open = tree.types[t].bodyOpen, let close = tree.types[t].bodyClose {
                flags.formIntersection(RunOnceGuards.oneWayFlagAssignments(in: [(open + 1)..<close], of: tree))
            }
            for k in tree.chainIndices(in: (body.lowerBound + 1)...(body.upperBound - 1)) where tree.chains[k].last < body.upperBound {
                if !flags.isEmpty, RunOnceGuards.decidesRun(of: tree.chains[k].first, guardsIn: inside.lowerBound..<tree.chains[k].first,
                                                            of: tree, bag: "", flags: flags) { continue }
                guard let (method, call) = RepeatedViewCalls.call(in: tree.chains[k], tree: treeIndex, modifier: label,
                                                                  anyContext: RepeatedViewCalls.isTernaryBranch(tree.chains[k], in: tree)) else { continue }
                calls[method, default: []].append(call)
            }
        }
        let trees = index.trees
        for name in RepeatedViewCalls.entryCalls.sorted() {
            for reference in index.chainElements[name] {
                let chain = trees[reference.tree].chains[reference.chain]
                let element = chain.elements[reference.element]
                guard element.isCall else { continue }
                let label: String
                if Catalogue.repeatedViewModifiers.contains(name) {
                    guard element.kind == .member else { continue }
                    label = name
                } else {
                    guard let entry = RepeatedEntryPoints.label(of: element, in: chain, tree: trees[reference.tree]) else { continue }
                    label = entry
                }
                for c in element.closures {
                    let closure = trees[reference.tree].closures[c]
                    collect(in: closure.open..<closure.close, of: trees[reference.tree], treeIndex: reference.tree, label: label, into: &byMethod)
                }
            }
        }
        // `Button("Check") { model.checkPermission() }`: the action runs on every tap.
        for name in Catalogue.viewActionInitializers.sorted() {
            for reference in index.chainElements[name] {
                let tree = trees[reference.tree]
                let element = tree.chains[reference.chain].elements[reference.element]
                guard element.isCall, element.kind == .root, let c = ViewActionClosures.buttonAction(of: element) else { continue }
                collect(in: tree.closures[c].open..<tree.closures[c].close, of: tree, treeIndex: reference.tree, label: name + " action", into: &byMethod)
            }
        }
        // Only files that say `await` can hold a `for await` loop.
        let awaitKey = NameKey("await")
        for t in trees.indices where t >= index.vocabularies.count || index.vocabularies[t].mentions(awaitKey) {
            for body in RepeatedEntryPoints.forAwaitBodies(in: trees[t]) {
                collect(in: body, of: trees[t], treeIndex: t, label: "for await loop", into: &byMethod)
            }
        }
        // A view's `body` (and the view-building helpers it calls) runs again on every change of
        // the state it reads: each call made while building the view is made again and again.
        let viewKey = NameKey("View")
        for t in trees.indices where t >= index.vocabularies.count || index.vocabularies[t].mentions(viewKey) {
            let tree = trees[t]
            for function in tree.functions where RepeatedViewCalls.buildsView(function, in: tree) {
                guard let open = function.bodyOpen, let close = function.bodyClose, open + 1 < close,
                      let owner = tree.enclosingType(of: function.nameToken) else { continue }
                // A view (or view modifier) SwiftUI evaluates again, not a factory that builds a view once.
                let ownerName = tree.types[owner].name.lastNameComponent
                guard index.inherits(ownerName, from: "View") || index.inherits(ownerName, from: "ViewModifier") else { continue }
                // `FeedView.body`, `FeedView.topicPicker`, `FeedView.row(_:)`.
                let label = tree.types[owner].name.lastNameComponent + "."
                    + (function.variable.map { tree.variables[$0].name } ?? function.selectorName)
                for k in tree.chainIndices(in: (open + 1)...(close - 1)) where tree.chains[k].last < close {
                    let chain = tree.chains[k]
                    // `receiver.method(…)` of a method the project declares (`date.formatted()` cannot store).
                    let count = chain.elements.count
                    guard count == 2 || count == 3, chain.elements[count - 1].isCall,
                          let (method, call) = RepeatedViewCalls.call(in: chain, tree: t, modifier: label, anyContext: true),
                          !index.functions[method].isEmpty,
                          RepeatedViewCalls.runsWhileBuilding(chain.first, in: tree, builder: open, index: index) else { continue }
                    byMethod[method, default: []].append(call)
                }
            }
        }
        self.byMethod = byMethod
        var disappearing: [String: [Call]] = [:]
        for reference in index.chainElements["onDisappear"] {
            let tree = trees[reference.tree]
            let element = tree.chains[reference.chain].elements[reference.element]
            guard element.isCall, element.kind == .member else { continue }
            for c in element.closures {
                collect(in: tree.closures[c].open..<tree.closures[c].close, of: tree, treeIndex: reference.tree, label: "onDisappear", into: &disappearing)
            }
        }
        onDisappearByMethod = disappearing
        var labels: [String: String] = [:]
        for (method, calls) in byMethod {
            for call in calls {
                guard let type = RepeatedViewCalls.receiverType(of: call, in: trees[call.tree], index: index) else { continue }
                let key = method + "\u{0}" + type
                if labels[key] == nil { labels[key] = call.modifier }
            }
        }
        labelByMethodAndType = labels
    }

    /// A view's `body`, another property of type `some View`, or a function returning `some View` or
    /// marked `@ViewBuilder` (a helper that `body` calls to build part of the view). The caller
    /// keeps only those of views and view modifiers.
    static func buildsView(_ function: FunctionDecl, in tree: SyntaxTree) -> Bool {
        func isBuilder(_ attributes: [String]) -> Bool { attributes.contains("@ViewBuilder") }
        switch function.kind {
        case .function:
            return !function.isLocal && function.enclosingType != nil
                && (function.returnType.hasPrefix("some View") || isBuilder(function.attributes))
        case .accessor:
            guard let v = function.variable, function.name == "get" || function.name == tree.variables[v].name else { return false }
            let variable = tree.variables[v]
            return !variable.isLocal && variable.enclosingType != nil && (variable.typeText.hasPrefix("some View") || isBuilder(variable.attributes))
        default:
            return false
        }
    }

    /// Whether code at `token` runs while the view is built: in the builder's own body, or in
    /// closures that build content (`VStack { … }`, `ForEach(items) { … }`, `.overlay { … }`), not
    /// in an action (`Button { … }`, `action:`, `.onTapGesture { … }`, `Task { … }`, a project view's
    /// stored callback, `CheckInQRView(booking: b) { model.checkIn(b) }`) that runs later.
    static func runsWhileBuilding(_ token: Int, in tree: SyntaxTree, builder open: Int, index: ProjectIndex) -> Bool {
        var s: Int? = Int(tree.scopeOfToken[token])
        while let scope = s, tree.scopes[scope].open > open {
            if case .closure(let c) = tree.scopes[scope].kind {
                guard let call = tree.call(receiving: c) else { return false }
                let element = tree.chains[call.chain].elements[call.element]
                let name = element.name
                if name.first?.isUppercase == true {
                    // `Button("Save") { … }` and `Button(action: { … })`: the first closure is the action.
                    if Catalogue.viewActionInitializers.contains(name), element.closures.first == c { return false }
                    // `action:` and `perform:` run on a tap, a `Binding`'s `set:` on an edit.
                    if element.argument("action")?.closure == c || element.argument("perform")?.closure == c
                        || element.argument("set")?.closure == c { return false }
                    if ViewActionClosures.isCallbackOfProjectView(c, element: element, index: index) { return false }
                } else if !Catalogue.viewContentModifiers.contains(name) {
                    return false
                }
            }
            s = tree.scopes[scope].parent
        }
        return true
    }

    /// `model.isRunning ? model.stop() : model.start()` written as the action: each branch is a call
    /// the action may make (after a ternary's `?` or `:`, its value unused).
    static func isTernaryBranch(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        guard chain.context == .other, chain.first > 0 else { return false }
        let before = chain.first - 1
        return tree.tokens[before].kind == .colon || tree.isTernaryQuestion(before)
    }

    /// The call when a chain in the closure is a `receiver.method(…)` statement (or, in view-building
    /// code, any use of its value: `RowView(model: model.rowModel(for: item))`).
    private static func call(in chain: Chain, tree: Int, modifier: String, anyContext: Bool = false) -> (String, Call)? {
        switch chain.context {
        case .statement, .implicitReturn: break  // `{ model.bind() }` is a single-expression closure
        case .argument, .declaration, .discardAssignment, .interpolation, .other, .returned, .collectionElement: if !anyContext { return nil }
        case .assignment: return nil
        }
        var elements = chain.elements[...]
        if elements.first?.name == "self" { elements = elements.dropFirst() }
        // `Store.shared.load()`: a type's shared instance.
        // `appDelegate.sessionStore.resume()`: an object kept in a property of a named one.
        if elements.count == 3, let root = elements.first, root.kind == .root, !root.isCall, root.subscripts.isEmpty,
           !elements[elements.startIndex + 1].isCall, elements[elements.startIndex + 1].subscripts.isEmpty,
           let method = elements.last, method.isCall {
            return (method.name, Call(tree: tree, token: method.nameToken, receiver: root.name + "." + elements[elements.startIndex + 1].name, modifier: modifier))
        }
        guard elements.count == 2, let receiver = elements.first, receiver.kind == .root || receiver.kind == .member,
              !receiver.isCall, let method = elements.last, method.isCall else { return nil }
        return (method.name, Call(tree: tree, token: method.nameToken, receiver: receiver.name, modifier: modifier))
    }
}
