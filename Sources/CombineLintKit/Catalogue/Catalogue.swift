/// What CombineLint knows about Combine, UIKit, AppKit and SwiftUI, in one place: which operators
/// do what (`Operators.swift`), which publishers finish (`Publishers.swift`), how cancellables are
/// kept (`Subscribers.swift`), which schedulers run on the main thread (`Schedulers.swift`), which
/// callbacks run again and again (`UIKitCallbacks.swift`, `SwiftUICallbacks.swift`), and the few
/// Swift library and naming conventions the rules rely on (`StandardLibrary.swift`, `Naming.swift`).
///
/// Rules and the shared analyses in `Combine/` read these names instead of keeping copies, so two
/// rules that ask the same question get the same answer. Where two rules need different answers
/// the catalogue holds two sets, and says why they differ.
///
/// Everything here is a constant. The configuration options that add names (`appearance_methods`,
/// `repeated_methods`, `finite_publishers`, `infinite_publishers`) are applied by the rules on top
/// of these sets. Swift's own words (keywords, declaration modifiers, accessors) are the lexer's and
/// the structure builder's, not framework knowledge, and are not listed here.
public enum Catalogue {}
