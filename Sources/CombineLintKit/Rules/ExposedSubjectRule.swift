/// A stored subject property that code outside its type can reach, and that no code outside the
/// type sends into.
///
/// Anyone who can see a subject can `send` values and completion into it, so the type no longer
/// controls its own events. `private(set)` only protects the reference, not `send`. Where only the
/// type itself sends, `private` plus an erased publisher is a safe, mechanical change. Not reported
/// by default: subjects that other types or subclasses send into or complete (they are an input by
/// design, and `private` would not compile; the `include_sent_from_outside` option reports them),
/// static properties (a shared channel), subjects of structs and enums (value types hand a subject
/// over, as parameter or state bundles), members of private types, test doubles (`…Mock…`,
/// `Stub`, `Fake`, `Spy` as a word of the name, or a folder such as `Mocks`, `Fakes`, `Stubs`,
/// `…Tests`), types declared in a function, and properties that a protocol of the type requires
/// (a project protocol, or `ObservableObject` for a custom `objectWillChange`).
public struct ExposedSubjectRule: Rule {
    public static let description = RuleDescription(
        id: "exposed_subject", name: "Exposed subject", defaultSeverity: .warning,
        summary: "A stored `PassthroughSubject`/`CurrentValueSubject` property that is not `private` and that only its own type sends into: callers could `send` into it.",
        options: [RuleOptionDescription(key: "include_sent_from_outside",
                                        summary: "`true` also reports subjects that code outside the declaring type sends into or completes.")])

    public init() {}

    /// A file that names no subject type declares no subject.
    static let requiredNames = NameSet(Catalogue.subjectTypes)

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        if TestCaseCode.isInTestFolder(tree.file.path) { return [] }
        let includeSentFromOutside = context.options.strings("include_sent_from_outside").contains("true")
        var result: [Finding] = []
        for (v, variable) in tree.variables.enumerated() {
            guard let t = variable.enclosingType, !variable.isLocal, !variable.isComputed, !variable.isStatic else { continue }
            if let access = variable.accessLevel, access == "private" || access == "fileprivate" { continue }
            guard isExposable(type: t, in: tree), let subject = SubjectDeclarations.subjectType(ofVariable: v, in: tree) else { continue }
            // A framework protocol the type adopts requires the subject itself (`ObservableObject`'s
            // `objectWillChange`): it cannot become private, nor can the requirement change.
            if isFrameworkRequirement(variable.name, ofType: tree.types[t].name, index: context.index) { continue }
            let typeName = tree.types[t].name
            if !includeSentFromOutside, isSentIntoFromOutside(variable.name, declaredIn: typeName, context) { continue }
            // An app-wide channel (a class holding only subjects and its shared instance, no code of
            // its own) is a static subject by another name: its subjects are inputs by design, and
            // one that nothing sends into yet awaits its senders.
            if !includeSentFromOutside, isSharedChannel(type: t, in: tree), !isSentIntoAnywhere(variable.name, context) { continue }
            // A type that only previews make (`#Preview { FeedView(feed: PreviewFeed()) }`) is no part of the app.
            if let treeIndex = context.index.treeIndexByPath[context.file.path],
               PreviewCode.contains(variable.nameToken, inTree: treeIndex, index: context.index, memo: context.memo) { continue }
            // Handed in by an initializer: whoever made the subject holds it and sends through it.
            if !includeSentFromOutside, isInjected(variable.name, intoTypeAt: t, in: tree) { continue }
            // Set from outside (`transport.inboundFrames = inbound`): a delivery target another object owns.
            if !includeSentFromOutside, variable.initializer == nil, !variable.isLet,
               isAssignedFromOutside(variable.name, declaredIn: typeName, context) { continue }
            // Handed out whole to a type or function that takes a subject (`Indicator(markerRequests:
            // markerRequests)`, a dependencies struct): other types send into it by design.
            if !includeSentFromOutside, isHandedOut(variable.name, fromTypeAt: t, context) { continue }
            // A project protocol may require it as a subject: the fix then changes the requirement too.
            let requiringProtocol = projectProtocolRequiring(variable.name, ofType: typeName, index: context.index)
            // A preview stand-in of that protocol (`PreviewTelemetryFeed`) repeats the requirement:
            // the app's own conformer carries the finding, and the fix is in the protocol.
            if requiringProtocol != nil, PreviewCode.namesStandIn(typeName.lastNameComponent) { continue }
            let message = "Code outside the type can `send` into `\(variable.name)`, a `\(subject)`, or complete it, injecting events or ending the stream."
            // Why a restricted setter is not enough belongs to the advice, not to what goes wrong.
            let help = (variable.setterAccessLevel.map { "`\($0)(set)` does not prevent `send`. " } ?? "")
                + (requiringProtocol.map { "Declare `\(variable.name)` in `\($0)` as an `AnyPublisher`, make this one `private` under another name and return its `eraseToAnyPublisher()`." }
                    ?? "Make it `private` and expose `\(variable.name).eraseToAnyPublisher()` as an `AnyPublisher`.")
            let fix = requiringProtocol == nil ? privateFix(v, type: t, context) : nil
            result.append(context.finding(tokens: variable.nameToken, message: message, fix: fix, help: help))
        }
        return result
    }

    /// Whether code outside type `typeName` (in another type, a subclass included, outside any
    /// type, or in an extension of the type in another file) calls `send` on a member of this name: `model.events.send(x)`, `self.events.send(completion: .finished)`
    /// in a subclass. A use of a member of another type that shares the name counts too, unless
    /// its receiver's type is known and unrelated: a false alarm costs more than a missed one here.
    private func isSentIntoFromOutside(_ name: String, declaredIn typeName: String, _ context: RuleContext) -> Bool {
        senders(of: name, context).feedsFromOutside(typeName, declaredIn: context.file.path, index: context.index)
    }

    /// Whether any code of the project sends into a member or parameter of this name.
    private func isSentIntoAnywhere(_ name: String, _ context: RuleContext) -> Bool {
        senders(of: name, context).feedsAnywhere
    }

    /// Who sends into members named `name`, found once per name and run.
    private func senders(of name: String, _ context: RuleContext) -> SubjectSenders {
        context.memo.value(for: "exposed_subject senders\u{0}" + name) { SubjectSenders(member: name, index: context.index) }
    }

    /// Whether type `t` declares a shared instance of itself, no code but initializers, and only
    /// subjects as stored instance properties (`final class AppEvents { static let shared = AppEvents();
    /// let revealJobs = PassthroughSubject<…>() }`).
    private func isSharedChannel(type t: Int, in tree: SyntaxTree) -> Bool {
        let type = tree.types[t]
        let simple = type.name.lastNameComponent
        let sharesItself = type.variables.contains { v in
            let variable = tree.variables[v]
            guard variable.isStatic, !variable.isComputed else { return false }
            if ProjectIndex.stripGenerics(variable.typeText.filter { !$0.isWhitespace }) == simple { return true }
            // `= AppEvents()`, `= Self()`, `= .init()`.
            guard let value = variable.initializer else { return false }
            let first = tree.tokens[value.lowerBound].kind == .period && value.lowerBound < value.upperBound ? value.lowerBound + 1 : value.lowerBound
            return [simple, "Self", "init"].contains(tree.name(first))
        }
        return sharesItself
            && type.functions.allSatisfy { tree.functions[$0].kind == .initializer }
            && type.variables.allSatisfy { v in
                tree.variables[v].isStatic || (!tree.variables[v].isComputed && SubjectDeclarations.subjectType(ofVariable: v, in: tree) != nil)
            }
    }

    /// Whether an initializer of type `t` in this file stores one of its parameters into the
    /// property (`self.events = events`, `events = bus`): the subject comes from outside, where
    /// its maker keeps it under its own name.
    private func isInjected(_ name: String, intoTypeAt t: Int, in tree: SyntaxTree) -> Bool {
        // The type's own initializers: a scan of every function of the file for each subject made
        // a file of many subject-holding (nested) types quadratic.
        for f in tree.types[t].functions where tree.functions[f].kind == .initializer {
            let function = tree.functions[f]
            guard let open = function.bodyOpen, let close = function.bodyClose, open + 3 < close else { continue }
            let parameters = Set(function.parameters.map(\.name))
            for i in open..<(close - 1) where tree.tokens[i].kind == .identifier && tree.name(i) == name {
                if i > 0, tree.tokens[i - 1].kind == .period, !(i >= 2 && tree.isSelfReference(i - 2)) { continue }
                guard tree.tokens[i + 1].kind == .equal, tree.tokens[i + 2].kind == .identifier,
                      parameters.contains(tree.name(i + 2)) else { continue }
                // The parameter alone, not `param.map { … }` or `param ?? PassthroughSubject()`.
                let after = i + 3
                if after == close || tree.statementStarts[after] || tree.tokens[after].kind == .semicolon { return true }
            }
        }
        return false
    }

    /// Whether code of type `t` in this file passes its member `name` whole (`markerRequests`,
    /// `self.markerRequests`) to a project initializer or function with a subject parameter.
    /// The argument's label must name a member the project sends into (`deps.markerRequests.send(())`,
    /// the indicator's own `markerRequests.send(())`): a struct that only hands the subject on to
    /// subscribers (`QuoteStreamHandles(updates: quotes)` read as `handles.updates.sink`) does not count.
    private func isHandedOut(_ name: String, fromTypeAt t: Int, _ context: RuleContext) -> Bool {
        // Worked out once per file and name: a file of many types declaring `events` reads the name's uses once.
        let key = "exposed_subject handed-out\u{0}" + context.file.path + "\u{0}" + name
        return context.memo.value(for: key) { typesHandingOut(name, context) }.contains(t)
    }

    /// The types of this file whose code hands out their member `name` as `isHandedOut` says.
    private func typesHandingOut(_ name: String, _ context: RuleContext) -> Set<Int> {
        let tree = context.tree
        guard let treeIndex = context.index.treeIndexByPath[tree.file.path] else { return [] }
        let isSentInto = { (label: String) -> Bool in isSentIntoAnywhere(label, context) }
        var types = Set<Int>()
        // `self.markerRequests` as an argument is a chain of its own.
        for reference in context.index.chainElements[name].entries(inTree: treeIndex) {
            let chain = tree.chains[reference.chain]
            guard reference.element == 1, chain.elements.count == 2, chain.elements[0].name == "self",
                  let t = tree.enclosingType(of: chain.first), !types.contains(t), let label = argumentLabel(before: chain.first, in: tree),
                  SubjectSenders.projectCalleeTakingSubject(chain, at: reference.element, in: tree, index: context.index) != nil,
                  isSentInto(label) else { continue }
            types.insert(t)
        }
        // A bare `markerRequests` argument is a single token; so is the value of
        // `transport.inboundFrames = inbound`, another object's subject property that it sends into.
        for reference in context.index.identifiers[name].entries(inTree: treeIndex) {
            let i = reference.token
            guard let t = tree.enclosingType(of: i), !types.contains(t) else { continue }
            if let target = assignedMember(valueAt: i, in: tree), isSentInto(target) {
                types.insert(t)
                continue
            }
            guard i + 1 < tree.tokens.count,
                  [.comma, .rightParen].contains(tree.tokens[i + 1].kind), let label = argumentLabel(before: i, in: tree),
                  let open = tree.openParen(ofWholeArgument: i), open > 0, tree.tokens[open - 1].kind == .identifier else { continue }
            let callee = tree.name(open - 1)
            if !Catalogue.subscriberTakingCalls.contains(callee), SubjectSenders.takesSubject(callee, index: context.index), isSentInto(label) {
                types.insert(t)
            }
        }
        return types
    }

    /// `inboundFrames` of `transport.inboundFrames = inbound`, the single token `i` being the whole value.
    private func assignedMember(valueAt i: Int, in tree: SyntaxTree) -> String? {
        guard i >= 4, tree.tokens[i - 1].kind == .equal, tree.tokens[i - 2].kind == .identifier, tree.tokens[i - 3].kind == .period,
              i + 1 >= tree.tokens.count || tree.statementStarts[i + 1] || [.rightBrace, .semicolon].contains(tree.tokens[i + 1].kind),
              !tree.isSelfReference(i - 4) else { return nil }
        return tree.name(i - 2)
    }

    /// Whether code outside the declaring type assigns the property (`transport.inboundFrames = inbound`):
    /// the subject is another object's, handed over to be sent into.
    private func isAssignedFromOutside(_ name: String, declaredIn typeName: String, _ context: RuleContext) -> Bool {
        // The types (simple names, "" outside any) whose code assigns another object's member of the
        // name, once per name and run.
        let assigners = context.memo.value(for: "exposed_subject assigners\u{0}" + name) { () -> Set<String> in
            var types = Set<String>()
            for reference in context.index.chainElements[name] where reference.element >= 1 {
                let tree = context.index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                guard reference.element == chain.elements.count - 1, chain.elements[0].name != "self",
                      NameWrites.isAssigned(at: chain.elements[reference.element].nameToken, in: tree) else { continue }
                types.insert(TypeResolver.enclosingTypeName(at: chain.first, in: tree)?.lastNameComponent ?? "")
            }
            return types
        }
        return assigners.contains { $0 != typeName.lastNameComponent }
    }

    /// `label` of `label: value` where the value starts at token `first`.
    private func argumentLabel(before first: Int, in tree: SyntaxTree) -> String? {
        guard first >= 2, tree.tokens[first - 1].kind == .colon, tree.tokens[first - 2].kind == .identifier else { return nil }
        return tree.name(first - 2)
    }

    /// Whether a framework protocol the type adopts requires the property (`ObservableObject`'s
    /// `objectWillChange`): it cannot change.
    private func isFrameworkRequirement(_ name: String, ofType typeName: String, index: ProjectIndex) -> Bool {
        let simple = typeName.lastNameComponent
        return Catalogue.frameworkPublisherRequirements.contains { framework, requirement in
            requirement == name && index.inherits(simple, from: framework)
        }
    }

    /// The project protocol among the type's ancestors that requires a property of this name, if any.
    private func projectProtocolRequiring(_ name: String, ofType typeName: String, index: ProjectIndex) -> String? {
        index.allAncestors(of: typeName.lastNameComponent).first { ancestor in
            guard let type = index.type(named: ancestor) else { return false }
            return type.kind == .protocol && type.properties[name] != nil
        }
    }

    /// The type and the types around it are classes or actors (or extensions), not protocols,
    /// value types, test doubles, local or private.
    private func isExposable(type t: Int, in tree: SyntaxTree) -> Bool {
        for c in tree.nestingChain(ofType: t) {
            let type = tree.types[c]
            if type.kind == .protocol || type.isLocal { return false }
            if c == t, type.kind == .struct || type.kind == .enum { return false }
            let simple = type.name.lastNameComponent
            // Test doubles: `FeedServiceMock`, `MockFeedService`, `SpyFlow`, `FeedStubStore`.
            if TestCaseCode.namesTestDouble(simple) { return false }
            // A preview's stand-in (`PreviewDeviceSocket` in `Preview Content/`) feeds the canvas only.
            if PreviewCode.isStandIn(named: simple, in: tree) { return false }
            if let access = type.accessLevel, access == "private" || access == "fileprivate" { return false }
        }
        return true
    }

    // MARK: - Fix

    /// `private` in place of the written access (`internal`, `private(set)`), when every reference to the
    /// name in the project sits inside this type in this file, and the declaration is not part of
    /// the module's public interface.
    private func privateFix(_ v: Int, type t: Int, _ context: RuleContext) -> Fix? {
        let tree = context.tree
        let variable = tree.variables[v]
        if let access = variable.accessLevel, access != "internal" { return nil }
        let keyword = variable.nameToken - 1
        guard keyword >= 0, tree.isWord(keyword, "let") || tree.isWord(keyword, "var"),
              !hasMoreBindings(after: variable.nameToken, in: tree),
              onlyUsedInside(typeNamed: tree.types[t].name, name: variable.name, declaration: variable.nameToken, context) else { return nil }
        // Walk back over the modifiers to find `internal`, `…(set)` and where the first modifier starts.
        var first = keyword
        var internalToken: Int?
        var setter: ClosedRange<Int>?
        var i = keyword - 1
        while i >= 0 {
            // The declaration's own modifiers only: never walk into the previous statement
            // (`var options = Options()` on the line before ends in a `)` too).
            if tree.statementStarts[first] { break }
            let open = tree.tokens[i].kind == .rightParen ? Int(tree.matching[i]) : -1
            if open > 0, tree.tokens[open - 1].kind == .identifier || tree.tokens[open - 1].kind == .keyword,
               Self.modifierWords.contains(tree.name(open - 1)) || accessModifiers.contains(tree.name(open - 1)) {
                if tree.isWord(open + 1, "set"), accessModifiers.contains(tree.name(open - 1)) { setter = (open - 1)...i }
                first = open - 1
                i = open - 2
                continue
            }
            guard tree.tokens[i].kind == .identifier || tree.tokens[i].kind == .keyword, Self.modifierWords.contains(tree.name(i)) else { break }
            if tree.isWord(i, "internal") { internalToken = i }
            first = i
            i -= 1
        }
        let tokens = tree.tokens
        var edits: [TextEdit] = []
        func range(_ a: Int, _ b: Int) -> Range<Int> { tokens[a].startOffset..<tokens[b].endOffset }
        switch (internalToken, setter) {
        case (let a?, let s?):
            edits.append(context.edit(range(a, a), "private"))
            edits.append(context.edit(tokens[s.lowerBound].startOffset..<tokens[s.upperBound + 1].startOffset, ""))
        case (nil, let s?):
            edits.append(context.edit(range(s.lowerBound, s.upperBound), "private"))
        case (let a?, nil):
            edits.append(context.edit(range(a, a), "private"))
        case (nil, nil):
            edits.append(context.edit(tokens[first].startOffset..<tokens[first].startOffset, "private "))
        }
        return Fix(title: "Make it private", edits: edits)
    }

    static let modifierWords: Set<String> = [
        "internal", "lazy", "final", "weak", "unowned", "override", "dynamic", "nonisolated", "required", "optional",
    ]

    /// `let a = X(), b = Y()`: one modifier list covers every binding, so the fix would change the others too.
    private func hasMoreBindings(after name: Int, in tree: SyntaxTree) -> Bool {
        let level = tree.enclosing[name]
        var angle = 0
        var i = name + 1
        while i < tree.tokens.count, !tree.statementStarts[i] {
            let kind = tree.tokens[i].kind
            if kind == .operator || kind == .questionMark || kind == .exclamationMark {
                let text = tree.text(i)
                if text.allSatisfy({ $0 == "<" }) { angle += text.count }
                angle -= text.filter { $0 == ">" }.count
                if angle < 0 { angle = 0 }
            } else if kind == .comma, tree.enclosing[i] == level, angle == 0 {
                return true
            } else if kind == .leftBrace, tree.enclosing[i] == level {
                return false
            }
            i += 1
        }
        return false
    }

    /// No reference in the project could stop compiling once the property is `private`: every token
    /// spelling `name` is inside this type in this file, or is a bare name in an unrelated type (its own
    /// member or local). Member accesses (`x.name`, `\.name`) and argument labels (`T(name: …)`) outside
    /// the type block the fix, and so do bare uses in the type's extensions in other files, its
    /// subclasses and protocols (a requirement the property may satisfy).
    private func onlyUsedInside(typeNamed typeName: String, name: String, declaration: Int, _ context: RuleContext) -> Bool {
        guard let tree = context.index.treeIndexByPath[context.file.path] else { return false }
        let uses = context.memo.value(for: "exposed_subject\u{0}" + name) { NameUseSummary(name: name, index: context.index) }
        // The answer is the same for every same-named type of the file: asked once, not once per
        // declaration (a file of many nested `Store` types each declaring `events`).
        return context.memo.value(for: "exposed_subject.private\u{0}\(name)\u{0}\(typeName)\u{0}\(tree)") {
            uses.allowsPrivate(inType: typeName, tree: tree, index: context.index)
        }
    }
}
