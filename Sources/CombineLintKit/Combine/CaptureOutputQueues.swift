/// Where AVFoundation calls a capture output's delegate: `videoOutput.setSampleBufferDelegate(self,
/// queue: sessionQueue)` has every `captureOutput(_:didOutput:from:)` of the type called on
/// `sessionQueue`, and `setMetadataObjectsDelegate(self, queue: .main)` on the main queue.
enum CaptureOutputQueues {
    /// Whether the token is directly in a photo output's delegate callback
    /// (`photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto:error:)`), which
    /// AVFoundation calls on its own queue.
    static func runsPhotoCallbackOffMain(_ token: Int, in tree: SyntaxTree) -> Bool {
        guard tree.enclosingClosures(of: token).isEmpty, let f = tree.enclosingFunction(of: token) else { return false }
        let function = tree.functions[f]
        guard function.kind == .function, Catalogue.photoCaptureCallbacks.contains(function.name),
              let first = function.parameters.first else { return false }
        return ProjectIndex.stripGenerics(first.typeText.trimmingSpaces) == Catalogue.photoOutputType
    }

    /// Whether the token is directly in a capture delegate callback of a type whose body sets itself
    /// as a capture output's delegate with a queue that is not the main one.
    static func runsDelegateCallbackOffMain(_ token: Int, in tree: SyntaxTree) -> Bool {
        guard let bodies = DelegateCallbacks.ownerBodies(ofCallbackAround: token, named: Catalogue.captureDelegateCallbacks, in: tree)
        else { return false }
        return bodies.contains { body in
            tree.chains(in: body).contains { chain in
                chain.elements.contains { element in
                    guard element.kind == .member, element.isCall, Catalogue.captureDelegateSetters.contains(element.name),
                          let delegate = element.arguments.first, delegate.label == nil,
                          tree.text(delegate.value.lowerBound, delegate.value.upperBound) == "self",
                          let queue = element.argument("queue") else { return false }
                    return DelegateCallbacks.namesBackgroundQueue(queue, in: tree)
                }
            }
        }
    }
}
