/// Where framework methods run the completion handler they are given: some call it on a background
/// queue of their own (`Catalogue.backgroundCompletionMethods`), so code in it runs off the main thread.
enum FrameworkCompletionQueues {
    /// Whether the closure handed to element `e` of `chain` (`UNUserNotificationCenter.current()
    /// .getNotificationSettings { settings in … }`) is such a completion handler: the method is one
    /// of them, and the receiver is of the type that declares it, by name (`AVCaptureDevice`,
    /// `UNUserNotificationCenter.current()`) or by its declared type (`let asset: AVURLAsset`).
    static func runsCompletionOffMain(_ chain: Chain, call e: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let element = chain.elements[e]
        // `engine.inputNode.installTap(onBus: 0, …) { buffer, _ in … }`: known by the method and a label of its own.
        if e > 0, element.isCall, !element.closures.isEmpty, let label = Catalogue.backgroundBlockMethodsByLabel[element.name],
           element.argument(label) != nil { return true }
        // Every closure around code that may run off main asks: most calls are of no such method.
        guard e > 0, element.isCall, !element.closures.isEmpty, Catalogue.backgroundCompletionMethodNames.contains(element.name),
              case let types = Catalogue.backgroundCompletionMethods.filter({ $0.value.contains(element.name) }).keys,
              !types.isEmpty else { return false }
        if chain.elements[..<e].contains(where: { types.contains($0.name) }) { return true }
        guard let receiverType = TypeResolver.ownerType(ofElement: e, in: chain, tree: tree, index: index) else { return false }
        return types.contains(ProjectIndex.stripGenerics(receiverType).lastNameComponent)
    }
}
