/// A main-thread timer publisher scheduled in the run loop's `.default` mode, where it drives
/// what the user sees.
///
/// While the user drags a scroll view the main run loop runs in tracking mode, which `.default`
/// does not include, so the timer skips its ticks until the drag ends; `.common` covers both modes.
/// The pause matters where the timer drives the screen: in a view, a view controller, a SwiftUI
/// `View` or `App`, or an `ObservableObject` (whose changes redraw views), or in top-level code of
/// a file that imports SwiftUI or UIKit. A poll in a service or an agent (a menu bar helper
/// checking a setting every few seconds) loses a tick or two while a menu is tracked, which no one
/// sees, and is not reported. Nor is a timer whose written interval is longer than a second (a
/// poll every 5 or 30 seconds, or every `max(interval, 30)`): tracking only makes its next tick late by the length of the drag,
/// which no one sees; a clock, countdown or progress timer ticks every second or faster.
public struct TimerDefaultRunLoopModeRule: Rule {
    public static let description = RuleDescription(
        id: "timer_default_run_loop_mode", name: "Timer in default run loop mode", defaultSeverity: .warning,
        summary: "`Timer.publish(every:…, on: .main, in: .default)`: the timer pauses while the user scrolls.")

    static let message = "A timer in the `.default` run loop mode does not fire while the main run loop tracks a scroll or drag."
    static let help = "Schedule it `in: .common`, which covers the default and the tracking modes."

    public init() {}

    /// A file that never names `Timer` makes no timer publisher.
    static let requiredNames = NameSet(["Timer"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var result: [Finding] = []
        for call in tree.timerPublisherCalls {
            guard let runLoop = call.runLoop,
                  isMainRunLoop(runLoop.value, in: tree) || (isCurrentRunLoop(runLoop.value, in: tree) && isOnMainThread(runLoop.value.lowerBound, context)),
                  let mode = call.mode, let defaultToken = defaultModeToken(mode.value, in: tree) ?? defaultModeOfLocal(mode.value, in: tree),
                  !isLongerThanASecond(call.interval, in: tree),
                  drivesTheScreen(call, context) else { continue }
            let fix = Fix(title: "Schedule the timer in .common mode",
                          edits: [context.edit(tree.tokens[defaultToken].startOffset..<tree.tokens[defaultToken].endOffset, "common")])
            result.append(context.finding(tokens: mode.value.lowerBound, through: mode.value.upperBound, message: Self.message, fix: fix, help: Self.help))
        }
        return result
    }

    /// An interval written as a number literal above one second (`every: 5`, `every: 30.0`), or a
    /// `max` with such a literal among its arguments (`every: max(interval, 30)`: at least 30 s). Any
    /// other name or expression is not known, and counts as short.
    private func isLongerThanASecond(_ interval: Argument?, in tree: SyntaxTree) -> Bool {
        guard let value = interval?.value else { return false }
        if value.count == 1 { return isLiteralAboveOneSecond(value.lowerBound, in: tree) }
        // `max(…)`: its parentheses close at the argument's end.
        let open = value.lowerBound + 1
        guard tree.isWord(value.lowerBound, "max"), open < value.upperBound, tree.tokens[open].kind == .leftParen,
              Int(tree.matching[open]) == value.upperBound else { return false }
        // An argument that is one literal: between `(` or `,` and `,` or `)`.
        return (open + 1..<value.upperBound).contains { k in
            let alone = (tree.tokens[k - 1].kind == .leftParen || tree.tokens[k - 1].kind == .comma)
                && (k + 1 == value.upperBound || tree.tokens[k + 1].kind == .comma)
            return alone && isLiteralAboveOneSecond(k, in: tree)
        }
    }

    /// Token `k` is an integer or floating-point literal above 1.
    private func isLiteralAboveOneSecond(_ k: Int, in tree: SyntaxTree) -> Bool {
        let kind = tree.tokens[k].kind
        guard kind == .integerLiteral || kind == .floatLiteral,
              let seconds = Double(tree.text(k).replacingOccurrences(of: "_", with: "")) else { return false }
        return seconds > 1
    }

    /// `.main` or `RunLoop.main`.
    private func isMainRunLoop(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        let f = value.lowerBound
        if value.count == 2 { return tree.tokens[f].kind == .period && tree.isWord(f + 1, "main") }
        if value.count == 3 { return tree.isWord(f, "RunLoop") && tree.tokens[f + 1].kind == .period && tree.isWord(f + 2, "main") }
        return false
    }

    /// `.current` or `RunLoop.current`.
    private func isCurrentRunLoop(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        let f = value.lowerBound
        if value.count == 2 { return tree.tokens[f].kind == .period && tree.isWord(f + 1, "current") }
        if value.count == 3 { return tree.isWord(f, "RunLoop") && tree.tokens[f + 1].kind == .period && tree.isWord(f + 2, "current") }
        return false
    }

    /// Whether the timer of `call` drives what the user sees (see the type's comment).
    private func drivesTheScreen(_ call: TimerPublisherCall, _ context: RuleContext) -> Bool {
        let token = call.runLoop!.value.lowerBound
        // A `#Preview { … }` body or a preview provider runs in Xcode's canvas, never in the app.
        if PreviewCode.isDirectlyInPreview(token, in: context.tree) { return false }
        guard let t = context.tree.enclosingType(of: token) else { return context.tree.imports(anyOf: Catalogue.userInterfaceModules) }
        let name = context.tree.types[t].name.lastNameComponent
        // So does an object that only such preview code makes (a preview's model with a ticking
        // timer). A SwiftUI view is the app's screen even where only a preview shows it here: the app
        // may show it through a path the index does not see (a hosting controller, another target).
        if !context.index.inherits(name, from: "View"), let treeIndex = context.index.treeIndexByPath[context.file.path],
           PreviewCode.contains(token, inTree: treeIndex, index: context.index, memo: context.memo) { return false }
        // A view, a cell, a control, a view controller, a SwiftUI view or scene (not the app's
        // delegate, which runs on the main thread but shows nothing itself).
        if mainActorBases(of: t, context).contains(where: { !Catalogue.applicationObjectTypes.contains($0) }) {
            // Unless its `sink` touches nothing of the screen: no `self` (which an escaping closure of a
            // class must name to use its members) and no captured view (`[analytics] _ in analytics.ping()`).
            return !sinksWithoutSelfOrViews(call, context)
        }
        // An agent or controller object that writes the tick to something it holds on screen (a
        // menu bar item's countdown title, a label): that is what freezes while a menu is open.
        if writesToHeldScreenElement(call, typeName: name, context) { return true }
        let bases = context.tree.types[t].inheritance.map { ProjectIndex.stripGenerics($0) }
        guard bases.contains("ObservableObject") || context.index.inherits(name, from: "ObservableObject") else { return false }
        // An observable object redraws views only through its published state: a heartbeat whose
        // own `sink` changes none of it (it pings, saves or polls a service) shows nothing.
        return !subscribesWithoutPublishing(call, typeName: name, context)
    }

    /// The timer's chain ends in a `sink` (nothing kept or bound) whose closures, and those of the
    /// `handleEvents` before it, never name `self` and capture no main-actor object.
    private func sinksWithoutSelfOrViews(_ call: TimerPublisherCall, _ context: RuleContext) -> Bool {
        let tree = context.tree
        let chain = tree.chains[call.chain]
        // What a bag keeps (`.store(in: &cancellables)`) is the sink's subscription all the same.
        var later = chain.elements[(call.element + 1)...]
        if later.last?.name == "store", later.last?.isCall == true { later = later.dropLast() }
        guard let sink = later.last, sink.name == "sink", sink.kind == .member, !sink.closures.isEmpty,
              !later.contains(where: { $0.name == "assign" }) else { return false }
        for element in later where element.name == "sink" || element.name == "handleEvents" {
            for c in element.closures {
                let closure = tree.closures[c]
                if !tree.selfReferences(in: c).isEmpty || closure.captures.contains(where: { $0.name == "self" }) { return false }
                if closure.captures.contains(where: { MainActorTypes.capturesMainActorValue($0, ofClosure: c, in: tree, index: context.index, memo: context.memo) }) {
                    return false
                }
            }
        }
        return true
    }

    /// The timer's chain ends in a `sink` whose closures (and the type's methods they call, a few
    /// calls deep) neither write an `@Published` property of the type nor send `objectWillChange`.
    /// A timer kept, returned or bound by `assign` is not known to be quiet.
    private func subscribesWithoutPublishing(_ call: TimerPublisherCall, typeName: String, _ context: RuleContext) -> Bool {
        let tree = context.tree
        let chain = tree.chains[call.chain]
        let later = chain.elements[(call.element + 1)...]
        guard let sink = later.first(where: { $0.name == "sink" && $0.kind == .member && $0.isCall }),
              !later.contains(where: { $0.name == "assign" }) else { return false }
        var ranges: [(tree: SyntaxTree, range: Range<Int>)] = []
        for element in later where element.name == "sink" || element.name == "handleEvents" {
            for c in element.closures where tree.closures[c].bodyStart < tree.closures[c].close {
                ranges.append((tree, tree.closures[c].bodyStart..<tree.closures[c].close))
            }
        }
        guard !ranges.isEmpty, sink.closures.count > 0 else { return false }
        var visited: Set<String> = []
        var depth = 0
        while !ranges.isEmpty, depth < 4 {
            var next: [(tree: SyntaxTree, range: Range<Int>)] = []
            for (tree, range) in ranges {
                for i in range where tree.tokens[i].kind == .identifier {
                    let name = tree.name(i)
                    if name == "objectWillChange" { return false }
                    let isMember = i == 0 || tree.tokens[i - 1].kind != .period || isSelfMember(i, in: tree)
                    guard isMember, i + 1 < tree.tokens.count else { continue }
                    // `self.rows[index].elapsedText = …` changes `rows` too.
                    if context.index.property(name, ofType: typeName)?.hasAttribute("Published") == true, NameWrites.isChangedInPart(at: i, in: tree) { return false }
                    // A call of one of the type's own methods: read its body too.
                    guard tree.tokens[i + 1].kind == .leftParen, !visited.contains(name),
                          context.index.type(named: typeName)?.methods.contains(name) == true else { continue }
                    visited.insert(name)
                    // Asked once per type name and method: every feature may have a `ViewModel` with a `tick()`.
                    let key = "timer_default_run_loop_mode.methods\u{0}" + typeName + "\u{0}" + name
                    for reference in context.memo.value(for: key, { context.index.functions(named: name, inTypesNamed: typeName) }) {
                        let other = context.index.trees[reference.tree]
                        let function = other.functions[reference.item]
                        guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { continue }
                        next.append((other, (open + 1)..<close))
                    }
                }
            }
            ranges = next
            depth += 1
        }
        // Methods left unread count as changing state.
        return ranges.isEmpty
    }

    /// The timer's `sink` closures (or the type's methods they call) assign through a property of the
    /// type that holds something on screen (`self.statusItem.button?.title = …`, `label.text = …`): a
    /// view or control by its declared type or initial value, or a menu bar status item.
    private func writesToHeldScreenElement(_ call: TimerPublisherCall, typeName: String, _ context: RuleContext) -> Bool {
        let tree = context.tree
        guard let type = context.index.type(named: typeName) else { return false }
        let held = Set(type.properties.values.filter(holdsScreenElement).map(\.name))
        // `menuBuilder.throughputItem.title = …`: the screen elements of an object of the project it holds.
        var heldThrough: [String: Set<String>] = [:]
        for property in type.properties.values where !property.isComputed && !property.isStatic {
            guard let heldType = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText),
                  heldType != typeName, let holder = context.index.type(named: heldType) else { continue }
            let elements = Set(holder.properties.values.filter(holdsScreenElement).map(\.name))
            if !elements.isEmpty { heldThrough[property.name] = elements }
        }
        guard !held.isEmpty || !heldThrough.isEmpty else { return false }
        // The sink closures' bodies, and those of the type's methods they call in this file
        // (`self?.refreshUptimeTitle()` setting `statusItem.button?.title`).
        var bodies: [Range<Int>] = []
        for element in tree.chains[call.chain].elements[(call.element + 1)...] where element.name == "sink" {
            for c in element.closures where tree.closures[c].bodyStart < tree.closures[c].close {
                let body = tree.closures[c].bodyStart..<tree.closures[c].close
                bodies.append(body)
                bodies += calledMethodBodies(in: body, ofTypeNamed: typeName, tree: tree)
            }
        }
        for body in bodies {
            let end = body.upperBound
            for i in body where tree.tokens[i].kind == .identifier {
                let name = tree.name(i)
                guard held.contains(name) || heldThrough[name] != nil else { continue }
                if i > 0, tree.tokens[i - 1].kind == .period, !isSelfMember(i, in: tree) { continue }
                if let elements = heldThrough[name] {
                    guard let member = tree.memberToken(after: i), member < end, elements.contains(tree.name(member)) else { continue }
                }
                if assignsThroughMemberPath(from: i, in: tree, before: end) { return true }
            }
        }
        return false
    }

    /// The bodies of the methods of the type named `typeName` declared in this file that code in
    /// `range` calls on `self` (`self?.refreshTitle()`, `refreshTitle()`).
    private func calledMethodBodies(in range: Range<Int>, ofTypeNamed typeName: String, tree: SyntaxTree) -> [Range<Int>] {
        var bodies: [Range<Int>] = []
        var seen = Set<String>()
        for i in range where tree.tokens[i].kind == .identifier && i + 1 < range.upperBound && tree.tokens[i + 1].kind == .leftParen {
            guard i == 0 || tree.tokens[i - 1].kind != .period || isSelfMember(i, in: tree), seen.insert(tree.name(i)).inserted else { continue }
            for function in tree.functions where function.kind == .function && function.name == tree.name(i) {
                guard let t = function.enclosingType, tree.types[t].name.lastNameComponent == typeName,
                      let open = function.bodyOpen, let close = function.bodyClose, open < close else { continue }
                bodies.append((open + 1)..<close)
            }
        }
        return bodies
    }

    /// A property whose type (written, or made by its initial value) is a view or control, or a status item.
    private func holdsScreenElement(_ property: IndexedProperty) -> Bool {
        let written = property.typeText.filter { !$0.isWhitespace && $0 != "?" && $0 != "!" }
        let initial = property.initializerText.filter { !$0.isWhitespace }
        let onScreen = Catalogue.mainActorBaseTypes.subtracting(Catalogue.applicationObjectTypes).union([Catalogue.statusItemType])
        if onScreen.contains(written) { return true }
        if initial.contains(Catalogue.statusItemMaker) { return true }
        return onScreen.contains { initial.hasPrefix($0 + "(") }
    }

    /// `name.member?.other = …` starting at `i`, also through a call (`menu.item(withTag: 1)?.title = …`):
    /// a member path ending in an assignment, to a member the user sees (not `button?.toolTip`, which
    /// shows only on a hover, never while a menu is open; see `Catalogue.unseenViewMembers`).
    private func assignsThroughMemberPath(from i: Int, in tree: SyntaxTree, before end: Int) -> Bool {
        var k = i + 1
        while k < end {
            switch tree.tokens[k].kind {
            case .period, .questionMark, .exclamationMark, .identifier: k += 1
            case .leftParen where tree.tokens[k - 1].kind == .identifier && Int(tree.matching[k]) < end: k = Int(tree.matching[k]) + 1
            case .equal: return k > i + 1 && tree.tokens[k - 1].kind == .identifier && !Catalogue.unseenViewMembers.contains(tree.name(k - 1))
            default: return false
            }
        }
        return false
    }

    /// `self.x` or `self?.x` at the name token `i`.
    private func isSelfMember(_ i: Int, in tree: SyntaxTree) -> Bool {
        var owner = i - 2
        if owner >= 0, tree.tokens[owner].kind == .questionMark || tree.tokens[owner].kind == .exclamationMark { owner -= 1 }
        return owner >= 0 && tree.isSelfReference(owner)
    }

    /// Code that UIKit and SwiftUI run on the main thread: members of a SwiftUI `View`, a view
    /// controller, a view or cell, an app delegate (there `.current` is the main run loop).
    private func isOnMainThread(_ token: Int, _ context: RuleContext) -> Bool {
        guard let t = context.tree.enclosingType(of: token) else { return false }
        return !mainActorBases(of: t, context).isEmpty
    }

    /// The UIKit, AppKit and SwiftUI main-actor types among type `t`'s bases and ancestors.
    private func mainActorBases(of t: Int, _ context: RuleContext) -> [String] {
        let name = context.tree.types[t].name.lastNameComponent
        let bases = context.tree.types[t].inheritance.map { ProjectIndex.stripGenerics($0) } + context.index.allAncestors(of: name)
        return bases.filter { Catalogue.mainActorBaseTypes.contains($0) }
    }

    /// `let mode: RunLoop.Mode = .default` then `in: mode`: the `default` token of the constant's value.
    private func defaultModeOfLocal(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> Int? {
        guard value.count == 1, tree.tokens[value.lowerBound].kind == .identifier,
              let v = SubscriptionFinder.localVariable(named: tree.name(value.lowerBound), visibleAt: value.lowerBound, in: tree),
              tree.variables[v].isLet, let initializer = tree.variables[v].initializer else { return nil }
        return defaultModeToken(initializer, in: tree)
    }

    /// The `default` token of `.default`, `RunLoop.Mode.default` or `Mode.default`.
    private func defaultModeToken(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> Int? {
        let f = value.lowerBound, l = value.upperBound
        guard tree.isWord(l, "default"), l > f, tree.tokens[l - 1].kind == .period else { return nil }
        switch value.count {
        case 2: return l
        case 3: return tree.isWord(f, "Mode") ? l : nil
        case 5: return tree.isWord(f, "RunLoop") && tree.tokens[f + 1].kind == .period && tree.isWord(f + 2, "Mode") ? l : nil
        default: return nil
        }
    }
}
