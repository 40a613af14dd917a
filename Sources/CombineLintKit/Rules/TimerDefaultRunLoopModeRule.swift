/// A main-thread timer publisher scheduled in the run loop's `.default` mode, where it drives
/// what the user sees.
///
/// While the user drags a scroll view the main run loop runs in tracking mode, which `.default`
/// does not include, so the timer skips its ticks until the drag ends; `.common` covers both modes.
/// The pause matters where the timer drives the screen: in a view, a view controller, a SwiftUI
/// `View` or `App`, or an `ObservableObject` (whose changes redraw views), or in top-level code of
/// a file that imports SwiftUI or UIKit. A poll in a service or an agent (a menu bar helper
/// checking a setting every few seconds) loses a tick or two while a menu is tracked, which no one
/// sees, and is not reported.
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
                  let mode = call.mode, let defaultToken = defaultModeToken(mode.value, in: tree),
                  drivesTheScreen(call.runLoop!.value.lowerBound, context) else { continue }
            let fix = Fix(title: "Schedule the timer in .common mode",
                          edits: [context.edit(tree.tokens[defaultToken].startOffset..<tree.tokens[defaultToken].endOffset, "common")])
            result.append(context.finding(tokens: mode.value.lowerBound, through: mode.value.upperBound, message: Self.message, fix: fix, help: Self.help))
        }
        return result
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

    /// Whether a timer made at `token` drives what the user sees (see the type's comment).
    private func drivesTheScreen(_ token: Int, _ context: RuleContext) -> Bool {
        guard let t = context.tree.enclosingType(of: token) else { return context.tree.imports(anyOf: Catalogue.userInterfaceModules) }
        let name = context.tree.types[t].name.lastNameComponent
        if isOnMainThread(token, context) { return true }
        let bases = context.tree.types[t].inheritance.map { ProjectIndex.stripGenerics($0) }
        return bases.contains("ObservableObject") || context.index.inherits(name, from: "ObservableObject")
    }

    /// Code that UIKit and SwiftUI run on the main thread: members of a SwiftUI `View`, a view
    /// controller or a view (there `.current` is the main run loop).
    private func isOnMainThread(_ token: Int, _ context: RuleContext) -> Bool {
        guard let t = context.tree.enclosingType(of: token) else { return false }
        let name = context.tree.types[t].name.lastNameComponent
        let bases = context.tree.types[t].inheritance.map { ProjectIndex.stripGenerics($0) } + context.index.allAncestors(of: name)
        return bases.contains { Catalogue.mainThreadTypes.contains($0) }
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
