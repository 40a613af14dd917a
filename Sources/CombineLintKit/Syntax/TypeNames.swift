extension String {
    /// The last component of a dotted type name: `Outer.Inner` gives `Inner`, a name without a
    /// dot gives itself (without splitting it into characters, the common case).
    var lastNameComponent: String {
        var name = self
        guard name.withUTF8({ $0.contains(UInt8(ascii: ".")) }) else { return self }
        return split(separator: ".").last.map(String.init) ?? self
    }
}
