/// An `@Published` property holding another `ObservableObject` class: SwiftUI observes the
/// outer object only, so changes inside the inner one never redraw the views.
///
/// The property's type is resolved by Swift's lookup rules (`TypeDeclarationResolver`): nested
/// types and qualified names count, a typealias declared once stands for its target, an ambiguous
/// or unknown name gives no finding,
/// and a same-named class elsewhere is never taken. Not reported where no view observes the outer
/// type (no `@ObservedObject`, `@StateObject` or `@EnvironmentObject` of it: a widget's timeline
/// data, a model only code reads), or where views observe the inner object directly (its type is
/// held by views, and the property is passed on as an argument, only ever assigned, or reached by no
/// view through the outer object).
public struct NestedObservableObjectRule: Rule {
    public static let description = RuleDescription(
        id: "nested_observable_object",
        name: "Nested ObservableObject",
        defaultSeverity: .warning,
        summary: "An @Published property whose type is an ObservableObject class, without forwarding its objectWillChange."
    )

    public init() {}

    /// A file with no `@Published` property and no `ObservableObject` has no finding.
    static let requiredNames = NameSet(["Published", "ObservableObject"])

    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [ViewObservedTypes.preparation(index, memo: memo)]
    }

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        let index = context.index
        guard let treeIndex = index.treeIndexByPath[context.file.path] else { return [] }
        var findings: [Finding] = []
        for (t, type) in tree.types.enumerated() where type.kind == .class {
            let typeName = type.name.lastNameComponent
            guard index.inherits(typeName, from: "ObservableObject") else { continue }
            // Only what a view observes can leave it stale.
            let observed = ViewObservedTypes.of(index, memo: context.memo)
            guard observed.observe(typeAt: t, inTree: treeIndex, index: index) else { continue }
            for v in type.variables {
                let variable = tree.variables[v]
                guard !variable.isStatic, !variable.isComputed else { continue }
                // A stored property that is not `@Published` (`let settings = Settings()`) does not even
                // announce being replaced: it is reported where a view reads the inner state through it.
                let published = variable.hasAttribute("Published")
                let initializer = variable.initializer.map { tree.text($0.lowerBound, $0.upperBound) } ?? ""
                // `@Published var sessions: [Session]`: an array of ObservableObjects.
                let element = published ? Self.arrayElementTypeName(variable.typeText) : nil
                guard var written = element ?? TypeResolver.writtenTypeName(annotation: variable.typeText, initializer: initializer) else { continue }
                let declaresClass = { (name: String) -> Bool in
                    guard let simple = name.split(separator: ".").last else { return false }
                    return index.typeDeclarations[String(simple)].contains(where: { index.trees[$0.tree].types[$0.item].kind == .class })
                }
                // `typealias CropState = CropModel`, declared once in the project: its target.
                if !declaresClass(written), !written.utf8.contains(UInt8(ascii: ".")), let target = index.typealiasTarget(of: written),
                   let aliased = TypeResolver.writtenTypeName(annotation: target, initializer: "") {
                    written = aliased
                }
                // Only a class of the project can be the inner object: most stored properties hold
                // values or framework types, and need no resolving.
                guard declaresClass(written) else { continue }
                // The same written name resolves alike wherever the types around it are named alike
                // (copies of a module), so the answer is kept for the run.
                let scope = TypeDeclarationResolver.scopeKey(at: variable.nameToken, in: tree)
                // "" for no ObservableObject class (the memo keeps no optionals: a missing key would
                // read as a stored nil).
                let inner: String = context.memo.value(for: "nested_observable_object.resolve\u{0}\(written)\u{0}\(scope)") {
                    guard let declaration = TypeDeclarationResolver.declaration(named: written, at: variable.nameToken, inTree: treeIndex, index: index,
                                                                                memo: context.memo) else { return "" }
                    let type = index.trees[declaration.tree].types[declaration.item]
                    guard type.kind == .class, isObservableObject(type, index: index),
                          announcesChanges(type, in: index.trees[declaration.tree], index: index, memo: context.memo) else { return "" }
                    return type.name.lastNameComponent
                }
                guard !inner.isEmpty else { continue }
                let forwards = context.memo.value(for: "nested_observable_object.forwards\u{0}\(variable.name)\u{0}\(typeName)") {
                    forwardsChanges(of: variable.name, inType: typeName, index: index, memo: context.memo)
                }
                if forwards { continue }
                let readThrough = {
                    context.memo.value(for: "nested_observable_object.read-through\u{0}\(variable.name)\u{0}\(typeName)\u{0}\(inner)") {
                        isReadThroughOuter(variable.name, outerType: typeName, innerType: inner, index: index, memo: context.memo) }
                }
                // The views that show the elements usually observe each one (`ForEach(model.sessions)
                // { SessionRow(session: $0) }`): reported where a view that observes the outer object
                // reads the elements' state through the array (`model.sessions.map(\.energy)`).
                if element != nil {
                    guard context.memo.value(for: "nested_observable_object.elements-read-through\u{0}\(variable.name)\u{0}\(typeName)\u{0}\(inner)", {
                        isElementStateReadThroughOuter(variable.name, outerType: typeName, innerType: inner, index: index) }) else { continue }
                    findings.append(context.finding(
                        tokens: variable.nameToken,
                        message: "`\(variable.name)` holds ObservableObjects inside an ObservableObject: views reading `\(inner)` state through `\(typeName)` are not redrawn.",
                        help: "Observe each element in the view that shows it (`ForEach(model.\(variable.name)) { Row(item: $0) }` with `@ObservedObject var item`), forward the elements' `objectWillChange`, or make the element a struct."))
                    continue
                }
                if !published {
                    guard context.memo.value(for: "nested_observable_object.read-through-observed\u{0}\(variable.name)\u{0}\(typeName)\u{0}\(inner)", {
                        isReadThroughOuter(variable.name, outerType: typeName, innerType: inner, index: index, memo: context.memo, observedHolder: true) }) else { continue }
                    findings.append(context.finding(
                        tokens: variable.nameToken,
                        message: "`\(variable.name)` holds an ObservableObject inside an ObservableObject: views reading `\(inner)`'s state through `\(typeName)` are not redrawn.",
                        help: "Pass `\(variable.name)` to the views that show its state and observe it there (`@ObservedObject`), or forward its changes (`\(variable.name).objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }`)."))
                    continue
                }
                // Views observe the inner object directly, and no view shows its state through the outer
                // one: code only assigns the property (`@Published var selectedTurbine: TurbineModel?`), or
                // no view reaches it through the outer object (`state.viewer` nowhere in a view; the views
                // hold their own `@ObservedObject var viewer`).
                if observed.observe(inner, index: index),
                   context.memo.value(for: "nested_observable_object.only-written\u{0}\(variable.name)", { Self.isOnlyWritten(variable.name, index: index) })
                    || !context.memo.value(for: "nested_observable_object.view-reads\u{0}\(variable.name)\u{0}\(typeName)", {
                        Self.isReadByViewThroughOuter(variable.name, outerType: typeName, index: index) }) {
                    continue
                }
                if observed.observe(inner, index: index),
                   context.memo.value(for: "nested_observable_object.passed\u{0}\(variable.name)\u{0}\(typeName)", {
                       isPassedOn(variable.name, ofType: typeName, index: index) }),
                   !readThrough() { continue }
                // `.onReceive(model.sync.$pendingCount) { pendingSync = $0 }`: the view subscribes to the
                // inner object's state itself, and reads none of it through the outer one.
                if context.memo.value(for: "nested_observable_object.received\u{0}\(variable.name)", { isReceivedByView(variable.name, index: index) }),
                   !readThrough() { continue }
                findings.append(context.finding(
                    tokens: variable.nameToken,
                    message: "`\(variable.name)` is an ObservableObject inside an ObservableObject: views see it reassigned, never the changes inside `\(inner)`.",
                    help: "Forward its changes (`\(variable.name).objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }`), pass it to the views that show it as `@ObservedObject`, or make it a struct."))
            }
        }
        return findings
    }

    /// Whether code of a SwiftUI view reads the property through an object that may be of the outer
    /// type (`state.viewer`, `model.selected?.name`, `$store.focused`): a member of something whose type
    /// is the outer type, one related to it, or unknown. A view's own property of the name
    /// (`@ObservedObject var viewer`) is not it.
    static func isReadByViewThroughOuter(_ name: String, outerType: String, index: ProjectIndex) -> Bool {
        (index.chainElements[name] + index.chainElements["$" + name]).contains { reference in
            guard reference.element >= 1 else { return false }
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            guard let t = tree.enclosingType(of: chain.elements[reference.element].nameToken),
                  index.inherits(tree.types[t].name.lastNameComponent, from: "View") else { return false }
            guard let owner = TypeResolver.ownerTypeThroughProperties(ofElement: reference.element, in: chain, tree: tree, index: index) else { return true }
            return index.areRelated(ProjectIndex.stripGenerics(owner).lastNameComponent, outerType)
        }
    }

    /// Whether every use of the name in the project declares it (`var name`) or assigns it
    /// (`name = …`, `self.name = …`), with no read and no `$name` projection. A same-named local or
    /// another type's property that is read counts as a read: the answer errs towards reporting.
    static func isOnlyWritten(_ name: String, index: ProjectIndex) -> Bool {
        guard index.chainElements["$" + name].isEmpty else { return false }
        return index.identifiers[name].allSatisfy { reference in
            let tree = index.trees[reference.tree]
            let k = reference.token
            let declares = k > 0 && (tree.isWord(k - 1, "var") || tree.isWord(k - 1, "let"))
            return declares || NameWrites.isAssigned(at: k, in: tree)
        }
    }

    /// `InnerView(model: outer.inner)`: the property is handed to some other code as an argument
    /// (as `outer.inner`, `$0.inner` or a bare `inner`; not a type's static member such as
    /// `RunLoop.current`, nor an implicit member `.current`), through a holder that may be of the
    /// outer type `outerType`: `settings.legacyTheme` with `let settings: SettingsModel` hands on
    /// another type's property of the same name.
    private func isPassedOn(_ name: String, ofType outerType: String, index: ProjectIndex) -> Bool {
        index.chainElements[name].contains { reference in
            let chain = index.trees[reference.tree].chains[reference.chain]
            guard reference.element == chain.elements.count - 1 else { return false }
            if let holder = Self.holderType(of: reference, index: index), holder != outerType { return false }
            let element = chain.elements[reference.element]
            if reference.element == 0 {
                guard element.kind == .root else { return false }
            } else if chain.elements[reference.element - 1].name.first?.isUppercase == true {
                return false
            }
            if case .argument(let open) = chain.context {
                return !Self.isGivenToUnobservingView(chain.first...chain.last, open: open, tree: index.trees[reference.tree], index: index)
            }
            // `if let card = store.card { CardView(card: card) }`: the unwrapped object is handed on.
            if let bound = index.trees[reference.tree].conditionBoundName(ofValueAt: chain.first) {
                return Self.isHandedOn(bound, boundAt: chain.first, inTree: reference.tree, index: index)
            }
            return false
        }
    }

    /// `FeaturedGuestCard(guest: model.featured)` where the project's view `FeaturedGuestCard` keeps
    /// `guest` as a plain `let`: that view shows the object's state without observing it, so the
    /// hand-over is no observer. A view that observes it (`@ObservedObject var guest`), or any
    /// other call, counts as handing it on.
    static func isGivenToUnobservingView(_ value: ClosedRange<Int>, open: Int, tree: SyntaxTree, index: ProjectIndex,
                                         followingHelpers: Bool = true) -> Bool {
        guard let call = tree.call(openedAt: open), call.element == 0, case let callee = tree.chains[call.chain].elements[0],
              callee.kind == .root else { return false }
        if followingHelpers, callee.name.first?.isLowercase == true {
            return isGivenToOwnDrawingHelper(value, callee: callee, tree: tree, index: index)
        }
        guard callee.name.first?.isUppercase == true, index.inherits(callee.name, from: "View"),
              let argument = callee.arguments.first(where: { $0.value == value }),
              let label = argument.label, let property = index.property(label, ofType: callee.name), !property.isComputed else { return false }
        return !Catalogue.viewObservingAttributes.contains { property.hasAttribute($0) }
    }

    /// `detailPane(selected)` in a view, with the view's own `func detailPane(_ card: TicketCard) -> some View`
    /// that reads `card.elapsedText` and hands `card` to no other code: the helper draws the object's
    /// state as part of the same view, which does not observe it. A helper that hands its parameter on
    /// (`CardDetail(card: card)`) gives it to whatever that code is; helpers of helpers are not followed.
    private static func isGivenToOwnDrawingHelper(_ value: ClosedRange<Int>, callee: ChainElement, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let position = callee.arguments.firstIndex(where: { $0.value == value }),
              let t = tree.enclosingType(of: callee.nameToken), index.inherits(tree.types[t].name.lastNameComponent, from: "View") else { return false }
        let helpers = index.functions(named: callee.name, inTypesNamed: tree.types[t].name.lastNameComponent)
        guard helpers.count == 1, let helper = helpers.first, case let helperTree = index.trees[helper.tree],
              case let function = helperTree.functions[helper.item], function.kind == .function,
              function.parameters.count == callee.arguments.count, let open = function.bodyOpen,
              function.parameters[position].label == callee.arguments[position].label else { return false }
        return !isHandedOn(function.parameters[position].name, boundAt: open, inTree: helper.tree, index: index, followingHelpers: false)
    }

    /// The simple name of the type whose property the element at `reference` reads, when the code
    /// shows it: the enclosing type for a bare `inner` or `self.inner`, the written type of the
    /// enclosing type's property for `holder.inner`. nil when unknown (`$0.inner`, a local).
    static func holderType(of reference: ElementReference, index: ProjectIndex) -> String? {
        let tree = index.trees[reference.tree]
        let chain = tree.chains[reference.chain]
        let e = reference.element
        guard let t = tree.enclosingType(of: chain.elements[e].nameToken) else { return nil }
        let enclosing = tree.types[t].name.lastNameComponent
        if e == 0 || (e == 1 && tree.isSelfReference(chain.first)) { return enclosing }
        guard e == 1 || (e == 2 && tree.isSelfReference(chain.first)) else { return nil }
        var holder = chain.elements[e - 1].name
        if holder.hasPrefix("$") { holder.removeFirst() }
        guard let property = index.property(holder, ofType: enclosing),
              let written = TypeResolver.writtenTypeName(annotation: property.typeText, initializer: property.initializerText) else { return nil }
        return ProjectIndex.stripGenerics(written).lastNameComponent
    }

    /// A view's `.onReceive` is given a projected publisher of the property's object
    /// (`.onReceive(model.sync.$pendingCount)`): the view observes that state directly.
    private func isReceivedByView(_ name: String, index: ProjectIndex) -> Bool {
        index.chainElements[name].contains { reference in
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let e = reference.element
            guard e >= 1, e + 2 == chain.elements.count, chain.elements[e + 1].name.hasPrefix("$"),
                  case .argument(let open) = chain.context, let call = tree.call(openedAt: open) else { return false }
            return tree.chains[call.chain].elements[call.element].name == "onReceive"
        }
    }

    /// The bound name is passed as an argument (`ThermostatCard(thermostat: thermostat)`, a bare
    /// name, which makes no chain of its own) after the binding and in its scope: up to the end of
    /// the closure that holds the binding (a view builder), or of the function when no closure does.
    static func isHandedOn(_ name: String, boundAt token: Int, inTree t: Int, index: ProjectIndex, followingHelpers: Bool = true) -> Bool {
        let tree = index.trees[t]
        let end: Int
        if let closure = tree.innermostClosure(of: token) {
            end = tree.closures[closure].close
        } else if let function = tree.enclosingFunction(of: token), let close = tree.functions[function].bodyClose {
            end = close
        } else {
            return false
        }
        guard token + 2 < end else { return false }
        for i in (token + 1)..<end where tree.tokens[i].kind == .identifier && tree.name(i) == name {
            let before = tree.tokens[i - 1].kind, after = tree.tokens[i + 1].kind
            if before == .colon || before == .leftParen || before == .comma, after == .rightParen || after == .comma,
               case let open = Int(tree.enclosing[i]), open >= 0,
               !isGivenToUnobservingView(i...i, open: open, tree: tree, index: index, followingHelpers: followingHelpers) { return true }
        }
        return false
    }

    /// Whether a SwiftUI view that holds the outer object reads the inner one's changing state (an
    /// `@Published` property or one computed from its state) through it (`store.onboarding.isComplete`,
    /// `$model.profile.name`, `session.cart.itemCount`): that view observes the outer object
    /// only, so it is not redrawn when the value changes, even where another view observes the inner
    /// object directly. The holder is a property of the view whose written type is the outer type.
    /// With `observedHolder`, the view's property must observe the outer object (`@ObservedObject`,
    /// `@StateObject`, `@EnvironmentObject`): a view holding it in a plain `let` is redrawn by neither.
    /// An `@Published` property that only the inner type's initializers set (`self.feeding = feeding`,
    /// `InitializerOnlyProperties`) keeps the value it was made with: reading it is no changing state.
    private func isReadThroughOuter(_ name: String, outerType: String, innerType: String, index: ProjectIndex, memo: ProjectMemo,
                                    observedHolder: Bool = false) -> Bool {
        index.chainElements[name].contains { reference in
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let e = reference.element
            guard e >= 1, e + 1 < chain.elements.count, !chain.elements[e].isCall else { return false }
            let read = chain.elements[e + 1]
            // The holder: `store.name…` or `self.store.name…`.
            let holderIndex = e - 1
            guard holderIndex == 0 || (holderIndex == 1 && chain.elements[0].name == "self") else { return false }
            // State that changes: an `@Published` property of the inner type, or one computed from its
            // state (`var itemCount: Int { lines.count }`); a `let id` never changes.
            guard read.kind == .member, !read.isCall, let property = index.property(read.name, ofType: innerType),
                  property.hasAttribute("Published") || (property.isComputed && !property.isStatic) else { return false }
            if property.hasAttribute("Published"), InitializerOnlyProperties.isSetOnlyByInitializers(read.name, index: index, memo: memo) { return false }
            // A read in an action (`Button("Sign out") { if store.session.isSignedIn { … } }`) is used
            // when the action runs: nothing drawn depends on it.
            if ViewActionClosures.runsInAction(read.nameToken, in: tree, index: index) { return false }
            var holder = chain.elements[holderIndex].name
            if holder.hasPrefix("$") { holder.removeFirst() }
            guard let t = tree.enclosingType(of: chain.elements[e].nameToken) else { return false }
            let viewName = tree.types[t].name.lastNameComponent
            guard index.inherits(viewName, from: "View"), let property = index.property(holder, ofType: viewName),
                  let written = TypeResolver.writtenTypeName(annotation: property.typeText, initializer: property.initializerText) else { return false }
            if observedHolder, !Catalogue.viewObservingAttributes.contains(where: { property.hasAttribute($0) }) { return false }
            return written.lastNameComponent == outerType
        }
    }

    /// `[Session]` (also `Array<Session>`): the element's written name, for a simple or qualified name.
    static func arrayElementTypeName(_ annotation: String) -> String? {
        var text = annotation.trimmingSpaces
        if text.hasPrefix("["), text.hasSuffix("]") {
            text = String(text.dropFirst().dropLast())
        } else if text.hasPrefix("Array<"), text.hasSuffix(">") {
            text = String(text.dropFirst(6).dropLast())
        } else {
            return nil
        }
        text = text.trimmingSpaces
        guard let first = text.first, first.isUppercase,
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return text
    }

    /// Array methods that read their elements (by a key path or in a closure).
    private static let elementReadingMethods: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "reduce", "contains", "allSatisfy", "first", "last", "firstIndex",
        "sorted", "min", "max", "count", "sum", "forEach",
    ]

    /// A view holding the outer object as `@ObservedObject`, `@StateObject` or `@EnvironmentObject`
    /// reads an `@Published` property of the array's elements through it: `model.sessions[0].energy`,
    /// `model.sessions.first?.energy`, `model.sessions.map(\.energy)`, `model.sessions.filter { $0.isPaused }`.
    private func isElementStateReadThroughOuter(_ name: String, outerType: String, innerType: String, index: ProjectIndex) -> Bool {
        index.chainElements[name].contains { reference in
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let e = reference.element
            guard e >= 1, !chain.elements[e].isCall else { return false }
            func isInnerState(_ k: Int) -> Bool {
                index.property(tree.name(k), ofType: innerType)?.hasAttribute("Published") == true
            }
            var reads = false
            if e + 1 == chain.elements.count {
                // `ForEach(model.sessions) { session in Text("\(session.energy)") }`: the row reads the
                // element's state in the view that observes the outer object only.
                guard chain.elements[e].subscripts.isEmpty, case .argument(let open) = chain.context,
                      let call = tree.call(openedAt: open), tree.chains[call.chain].elements[call.element].name == "ForEach",
                      let c = tree.chains[call.chain].elements[call.element].closures.last else { return false }
                let closure = tree.closures[c]
                let names = closure.parameters.isEmpty ? ["$0"] : [closure.parameters[0]]
                guard closure.bodyStart + 2 < closure.close else { return false }
                reads = (closure.bodyStart..<(closure.close - 2)).contains { k in
                    (tree.tokens[k].kind == .identifier || tree.tokens[k].kind == .dollarIdentifier) && names.contains(tree.name(k))
                        && tree.tokens[k + 1].kind == .period && tree.tokens[k + 2].kind == .identifier && isInnerState(k + 2)
                        && (k == 0 || tree.tokens[k - 1].kind != .period)
                        // A row's button action (`Button("Rename") { newName = sensor.name }`) reads the
                        // value once, when tapped; no drawing depends on it.
                        && !ViewActionClosures.runsInAction(k, in: tree, index: index)
                }
            }
            if !reads, e + 1 < chain.elements.count {
            let next = chain.elements[e + 1]
            if !chain.elements[e].subscripts.isEmpty {
                // `sessions[0].energy`
                reads = next.kind == .member && !next.isCall && isInnerState(next.nameToken)
            } else if ["first", "last"].contains(next.name), !next.isCall, e + 2 < chain.elements.count {
                // `sessions.first?.energy`
                let after = chain.elements[e + 2]
                reads = after.kind == .member && !after.isCall && isInnerState(after.nameToken)
            } else if next.isCall, Self.elementReadingMethods.contains(next.name) {
                // `sessions.map(\.energy)`, `sessions.filter { $0.isPaused }`: a member read after a dot.
                let start = next.nameToken + 1
                let end = next.lastToken
                if start < end {
                    reads = (start...end).contains { k in
                        tree.tokens[k].kind == .identifier && k > 0 && tree.tokens[k - 1].kind == .period && isInnerState(k)
                    }
                }
            }
            }
            guard reads, !ViewActionClosures.runsInAction(chain.elements[e].nameToken, in: tree, index: index) else { return false }
            let holderIndex = e - 1
            guard holderIndex == 0 || (holderIndex == 1 && chain.elements[0].name == "self") else { return false }
            var holder = chain.elements[holderIndex].name
            if holder.hasPrefix("$") { holder.removeFirst() }
            guard let t = tree.enclosingType(of: chain.elements[e].nameToken) else { return false }
            let viewName = tree.types[t].name.lastNameComponent
            guard index.inherits(viewName, from: "View"), let property = index.property(holder, ofType: viewName),
                  Catalogue.viewObservingAttributes.contains(where: { property.hasAttribute($0) }),
                  let written = TypeResolver.writtenTypeName(annotation: property.typeText, initializer: property.initializerText) else { return false }
            return written.lastNameComponent == outerType
        }
    }

    /// Whether the resolved class declaration conforms to `ObservableObject`: by its own inheritance
    /// list (`final class Session: ViewModelType` with `protocol ViewModelType: ObservableObject`),
    /// or, when its simple name is declared once in the project, by the index (an extension adds
    /// the conformance). A same-named type elsewhere never answers for it.
    private func isObservableObject(_ type: TypeDecl, index: ProjectIndex) -> Bool {
        let bases = type.inheritance.map { ProjectIndex.stripGenerics($0) }
        if bases.contains(where: { $0 == "ObservableObject" || index.inherits($0, from: "ObservableObject") }) { return true }
        // The name has this one declaration (the resolved one): the index's merged type is its own.
        let name = type.name.lastNameComponent
        return !index.declaresSeveralTypes(named: name) && index.inherits(name, from: "ObservableObject")
    }

    /// Whether the resolved class declaration announces changes: it declares an `@Published`
    /// property itself, or (by name, through the index) it or a project ancestor does, or code in
    /// one of them sends `objectWillChange` (`objectWillChange.send()`, `self.objectWillChange.send()`).
    /// An ancestor the project does not declare (a library's base class) may announce changes.
    private func announcesChanges(_ type: TypeDecl, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        if type.variables.contains(where: { tree.variables[$0].hasAttribute("Published") }) { return true }
        let name = type.name.lastNameComponent
        let types = Set([name] + index.allAncestors(of: name))
        for typeName in types {
            guard let type = index.type(named: typeName) else {
                if !Catalogue.changeFreeFrameworkBases.contains(typeName) { return true }
                continue
            }
            if type.properties.values.contains(where: { $0.hasAttribute("Published") }) { return true }
        }
        return !types.isDisjoint(with: ObjectWillChangeUses.of(index, memo: memo).sendingTypes)
    }

    /// Anywhere in the type (any file, any extension): `name.objectWillChange` or `self.name.objectWillChange`,
    /// a chain from `$name` that reaches the current inner object's `objectWillChange`
    /// (`$name.map(\.objectWillChange).switchToLatest()`, `$name.flatMap { $0.objectWillChange }`),
    /// or a chain from the inner object's own publishers that sends the outer one's
    /// (`name.$title.sink { [weak self] _ in self?.objectWillChange.send() }`).
    private func forwardsChanges(of name: String, inType typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        if ObjectWillChangeUses.of(index, memo: memo).forwardingTypes[name]?.contains(typeName) == true { return true }
        // The property's own uses, grouped once per name by the type they stand in (every
        // feature of an app may nest a `model` of its own).
        let forwarding = memo.value(for: "nested_observable_object.forwarding-uses\u{0}" + name) { () -> Set<String> in
            var types = Set<String>()
            for use in index.chainElements[name] {
                let tree = index.trees[use.tree]
                let chain = tree.chains[use.chain]
                guard use.element == 0 || (use.element == 1 && chain.elements[0].name == "self"),
                      use.element + 1 < chain.elements.count,
                      let owner = TypeResolver.enclosingTypeName(at: chain.first, in: tree), !types.contains(owner) else { continue }
                // `scanProgress.objectWillChange.sink { _ in }` subscribes and forwards nothing.
                if ObjectWillChangeUses.mentions(chain, in: tree), !ObjectWillChangeUses.endsInEmptySink(chain, in: tree) { types.insert(owner) }
                if ObjectWillChangeUses.forwardsInAsyncLoop(chain, in: tree) { types.insert(owner) }
            }
            for use in index.chainElements["$" + name] {
                let tree = index.trees[use.tree]
                let chain = tree.chains[use.chain]
                guard let owner = TypeResolver.enclosingTypeName(at: chain.first, in: tree), !types.contains(owner) else { continue }
                if ObjectWillChangeUses.mentions(chain, in: tree) { types.insert(owner) }
            }
            return types
        }
        return forwarding.contains(typeName) || handsToForwardingMethod(name, inType: typeName, index: index, memo: memo)
            || forwardsAssignedParameter(name, inType: typeName, index: index)
    }

    /// `self.selectedSnapshot = snapshot` in a method (an initializer, most often) that also forwards
    /// `snapshot.objectWillChange`, `snapshot` a parameter or a local of the method: the property holds
    /// the object whose changes are forwarded.
    private func forwardsAssignedParameter(_ name: String, inType typeName: String, index: ProjectIndex) -> Bool {
        for use in index.identifiers[name] {
            let tree = index.trees[use.tree]
            let k = use.token
            guard k + 3 < tree.tokens.count, tree.tokens[k + 1].kind == .equal, tree.tokens[k + 2].kind == .identifier,
                  tree.statementStarts[k + 3] || tree.tokens[k + 3].kind == .rightBrace || tree.tokens[k + 3].kind == .semicolon,
                  tree.statementStarts[k] || (k >= 2 && tree.tokens[k - 1].kind == .period && tree.isSelfReference(k - 2) && tree.statementStarts[k - 2]),
                  let f = tree.enclosingFunction(of: k), tree.innermostClosure(of: k) == nil,
                  TypeResolver.enclosingTypeName(at: k, in: tree) == typeName else { continue }
            let value = tree.name(k + 2)
            // A parameter, or a local the method made (`let store = ConnectionStore(); connectionStore = store`).
            guard value != name, tree.functions[f].parameters.contains(where: { $0.name == value })
                    || SubscriptionFinder.localVariable(named: value, visibleAt: k, in: tree) != nil,
                  let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose else { continue }
            if tree.chains(in: open...close).contains(where: {
                $0.elements.count >= 2 && $0.elements[0].name == value && $0.elements[1].name == "objectWillChange"
            }) { return true }
        }
        return false
    }

    /// The property is passed (`forward(filter)`, `self.observe(child: self.filter)`) to a method of
    /// the type whose body uses that parameter's `objectWillChange`: a helper that forwards any
    /// child it is given.
    private func handsToForwardingMethod(_ name: String, inType typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let passed = Self.passedToOwnMethods(ofType: typeName, index: index, memo: memo)[name] ?? []
        return passed.contains { usesObjectWillChange(ofParameterAt: $0.position, of: $0.method, inType: typeName, index: index) }
    }

    /// What the type's bodies pass to its own methods, by the property passed: `forward(filter)` and
    /// `self.observe(child: self.filter)` give `filter → (method, position)`. Read once per type, from
    /// the chains inside its declarations only: reading a whole file, for each of its types or even
    /// once, cost as much as the file however little of it the type is.
    private static func passedToOwnMethods(ofType typeName: String, index: ProjectIndex, memo: ProjectMemo) -> [String: [PassedProperty]] {
        memo.value(for: "nested_observable_object.passed-to-own-methods\u{0}" + typeName) { () -> [String: [PassedProperty]] in
            guard var methods = index.type(named: typeName)?.methods else { return [:] }
            // A helper inherited from a base class (`bindChild(_:)` of `BaseViewModel<State>`) is one too.
            for ancestor in index.allAncestors(of: typeName) {
                methods.formUnion(index.type(named: ProjectIndex.stripGenerics(ancestor).lastNameComponent)?.methods ?? [])
            }
            var passed: [String: [PassedProperty]] = [:]
            for declaration in index.typeDeclarations[typeName.lastNameComponent] {
                let tree = index.trees[declaration.tree]
                let type = tree.types[declaration.item]
                guard let open = type.bodyOpen else { continue }
                for c in tree.chainIndices(in: open...(type.bodyClose ?? tree.tokens.count)) {
                    let chain = tree.chains[c]
                    guard chain.elements.contains(where: { $0.isCall }),
                          TypeResolver.enclosingTypeName(at: chain.first, in: tree) == typeName else { continue }
                    for element in chain.elements where element.isCall && methods.contains(element.name) {
                        for (position, argument) in element.arguments.enumerated() where argument.closure == nil {
                            let value = argument.value
                            let property: String
                            if value.count == 1 {
                                property = tree.name(value.lowerBound)
                            } else if value.count == 3, tree.isSelfReference(value.lowerBound), tree.tokens[value.lowerBound + 1].kind == .period {
                                property = tree.name(value.upperBound)
                            } else {
                                continue
                            }
                            passed[property, default: []].append(PassedProperty(method: element.name, position: position))
                        }
                    }
                }
            }
            return passed
        }
    }

    /// A property handed to a method of its own type, and at which argument position.
    private struct PassedProperty: Sendable {
        var method: String
        var position: Int
    }

    /// A method `method` of `typeName` (or of a type it inherits from) whose parameter at `position` is
    /// followed by `.objectWillChange` (or `?.objectWillChange`) in its body.
    private func usesObjectWillChange(ofParameterAt position: Int, of method: String, inType typeName: String, index: ProjectIndex) -> Bool {
        let owners = [typeName.lastNameComponent] + index.allAncestors(of: typeName).map { ProjectIndex.stripGenerics($0).lastNameComponent }
        for reference in owners.flatMap({ index.functions(named: method, inTypesNamed: $0) }) {
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            guard position < function.parameters.count, let open = function.bodyOpen, let close = function.bodyClose, open + 2 < close else { continue }
            let parameter = function.parameters[position].name
            for i in (open + 1)..<(close - 1) where tree.tokens[i].kind == .identifier && tree.name(i) == parameter {
                // `model.objectWillChange`, or of an optional parameter `model?.objectWillChange`.
                var j = i + 1
                if j + 2 < close, tree.tokens[j].kind == .questionMark || tree.tokens[j].kind == .exclamationMark { j += 1 }
                if tree.tokens[j].kind == .period, j + 1 < close, tree.isWord(j + 1, "objectWillChange") { return true }
            }
        }
        return false
    }
}
