extension FinitePublishers {
    /// What a project function returns, for the finishing of a pipeline it is the source of: it
    /// may finish by itself, or when the publishers it is given do (`func track<P: Publisher>(_ p: P)
    /// -> AnyPublisher<…> { p.handleEvents(…).eraseToAnyPublisher() }`, an extension's
    /// `func onMain() -> AnyPublisher<…> { receive(on: DispatchQueue.main).eraseToAnyPublisher() }`).
    struct Relay: Sendable {
        /// Whether it may finish at all (every returned pipeline does, given its inputs do).
        var finishes: Bool
        /// The publisher it is called on must finish.
        var receiver = false
        /// The arguments that must finish.
        var parameters: Set<Slot> = []

        static let finishing = Relay(finishes: true)
        static let never = Relay(finishes: false)

        /// Both of two functions a call may run: it finishes when each would.
        func joined(with other: Relay) -> Relay {
            guard finishes, other.finishes else { return .never }
            return Relay(finishes: true, receiver: receiver || other.receiver, parameters: parameters.union(other.parameters))
        }

        /// A parameter as a caller passes it: by its label, or by its place among the unlabelled ones.
        struct Slot: Sendable, Hashable {
            let label: String?
            let unlabelledPosition: Int

            init(_ p: Int, of function: FunctionDecl) {
                label = function.parameters[p].label
                unlabelledPosition = function.parameters[..<p].filter { $0.label == nil }.count
            }

            func argument(of call: ChainElement) -> Argument? {
                if let label { return call.argument(label) }
                let unlabelled = call.arguments.filter { $0.label == nil && $0.closure == nil }
                return unlabelledPosition < unlabelled.count ? unlabelled[unlabelledPosition] : nil
            }
        }
    }

    /// The name standing for the receiver among the assumed roots (no identifier can be spelt so).
    static let receiverRoot = "<receiver>"

    /// An operator called on the receiver without `self.` that hands its values on and brings in
    /// no other publisher: `receive(on:)`, `map`, `handleEvents`; not `flatMap` or `merge`.
    static func passesValuesOn(_ element: ChainElement) -> Bool {
        Catalogue.pipelineOperators.contains(element.name) && !Catalogue.flatteningOperators.contains(element.name)
            && !Catalogue.mergingOperators.contains(element.name) && !Catalogue.publisherMakingClosureOperators.contains(element.name)
            && element.name != "switchToLatest"
    }
}
