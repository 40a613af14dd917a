/// A configuration file that cannot be used. The run stops with exit code 2.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as shown to the user.
    public var file: String
    public var position: JSONPosition?
    public var message: String

    public init(file: String, position: JSONPosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    /// `file:line:column: message`, one line.
    public var description: String {
        guard let position = position else { return "\(file): \(message)" }
        return "\(file):\(position.line):\(position.column): \(message)"
    }
}
