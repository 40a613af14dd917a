/// The few facts CombineLint reads from an app's `Info.plist` (XML property list), found by text:
/// a binary property list, which source trees rarely hold, says nothing here.
public enum InfoPropertyList {
    /// Whether a file of this name is an app's information property list (`Info.plist`,
    /// `podcasts-Info.plist`).
    public static func isInfoPropertyList(named name: String) -> Bool {
        name == "Info.plist" || name.hasSuffix("-Info.plist")
    }

    /// Whether the list sets `UIApplicationSupportsMultipleScenes` to `<true/>`.
    public static func supportsMultipleScenes(_ bytes: [UInt8]) -> Bool {
        let key = Array("<key>UIApplicationSupportsMultipleScenes</key>".utf8)
        let yes = Array("<true/>".utf8)
        guard bytes.count >= key.count else { return false }
        var i = 0
        while i + key.count <= bytes.count {
            if bytes[i] == key[0], bytes[i..<(i + key.count)].elementsEqual(key) {
                var j = i + key.count
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                return j + yes.count <= bytes.count && bytes[j..<(j + yes.count)].elementsEqual(yes)
            }
            i += 1
        }
        return false
    }
}
