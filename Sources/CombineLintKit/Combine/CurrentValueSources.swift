/// Publisher properties that hand each new subscriber their current value as it subscribes: a
/// `CurrentValueSubject`, or a computed property that only erases one
/// (`var rides: AnyPublisher<[Ride], Never> { ridesSubject.eraseToAnyPublisher() }`). Behind
/// `subscribe(on: queue)`, that first value is delivered on the queue.
enum CurrentValueSources {
    /// Whether every property named `name` that the app's objects hold (test doubles, protocol
    /// requirements and same-named plain values aside) is such a publisher.
    static func replaysCurrentValue(_ name: String, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        let compute = { () -> Bool in
            let declarations = appDeclarations(of: name, index: index)
            return !declarations.isEmpty && declarations.allSatisfy { property in
                isCurrentValueSubject(property) || erasesCurrentValueSubject(property, index: index)
            }
        }
        guard let memo else { return compute() }
        return memo.value(for: "replays-current-value \(name)", compute)
    }

    private static func appDeclarations(of name: String, index: ProjectIndex) -> [IndexedProperty] {
        index.properties(named: name).filter { !TestCaseCode.isTestDoubleOrRequirement($0, index: index) && !NonPublisherResults.holdsPlainValue($0) }
    }

    private static func isCurrentValueSubject(_ property: IndexedProperty) -> Bool {
        !property.isComputed && SubjectDeclarations.declares(property, as: "CurrentValueSubject")
    }

    /// A computed property whose getter returns only `subject.eraseToAnyPublisher()` (or
    /// `self.subject…`), every app property named `subject` being a `CurrentValueSubject`.
    private static func erasesCurrentValueSubject(_ property: IndexedProperty, index: ProjectIndex) -> Bool {
        guard let (t, returned) = index.chainsReturnedByGetter(of: property) else { return false }
        return !returned.isEmpty && returned.allSatisfy { c in
            var names = index.trees[t].chains[c].names
            if names.first == "self" { names.removeFirst() }
            guard names.count == 2, names[1] == "eraseToAnyPublisher", names[0] != property.name else { return false }
            let subjects = appDeclarations(of: names[0], index: index)
            return !subjects.isEmpty && subjects.allSatisfy(isCurrentValueSubject)
        }
    }
}
