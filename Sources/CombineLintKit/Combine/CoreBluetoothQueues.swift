/// Where CoreBluetooth calls its delegates: a `CBCentralManager` or `CBPeripheralManager` made with
/// `delegate: self, queue: bleQueue` calls the type's `centralManager(…)`/`peripheral(…)` callbacks
/// on `bleQueue`; made with `queue: nil` (or `.main`) it calls them on the main queue.
enum CoreBluetoothQueues {
    /// Whether the token is directly in a CoreBluetooth delegate callback of a type whose body makes
    /// a manager with `delegate: self` and a queue that is not the main one.
    static func runsDelegateCallbackOffMain(_ token: Int, in tree: SyntaxTree) -> Bool {
        guard let bodies = DelegateCallbacks.ownerBodies(ofCallbackAround: token, named: Catalogue.coreBluetoothDelegateCallbacks, in: tree)
        else { return false }
        return bodies.contains { body in
            tree.chains(in: body).contains { chain in
                guard Catalogue.coreBluetoothManagers.contains(chain.root.name), chain.root.isCall,
                      let delegate = chain.root.argument("delegate"), let queue = chain.root.argument("queue") else { return false }
                return tree.text(delegate.value.lowerBound, delegate.value.upperBound) == "self"
                    && DelegateCallbacks.namesBackgroundQueue(queue, in: tree)
            }
        }
    }
}
