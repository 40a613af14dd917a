/// The fields of one trace line that the reader knows, picked from the parser's callback by
/// comparing key bytes: no dictionary and no key strings per line. A field given twice keeps its
/// last value, as a dictionary would.
struct TraceLineFields {
    var v: FlatJSONValue?
    var seq: FlatJSONValue?
    var t: FlatJSONValue?
    var ev: FlatJSONValue?
    var thread: FlatJSONValue?
    var queue: FlatJSONValue?
    var sub: FlatJSONValue?
    var label: FlatJSONValue?
    var site: FlatJSONValue?
    var downstream: FlatJSONValue?
    var downstreamType: FlatJSONValue?
    var demand: FlatJSONValue?
    var returned: FlatJSONValue?
    var desc: FlatJSONValue?
    var error: FlatJSONValue?
    var name: FlatJSONValue?
    var obj: FlatJSONValue?
    var type: FlatJSONValue?
    var count: FlatJSONValue?

    /// Stores `value` when `key` is a known field; unknown fields are ignored.
    mutating func set(_ key: UnsafeBufferPointer<UInt8>, _ value: FlatJSONValue) {
        func `is`(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == key.count
                && name.withUTF8Buffer { name in memcmpEqual(name, key) }
        }
        switch key.count {
        case 1:
            if key[0] == UInt8(ascii: "v") { v = value } else if key[0] == UInt8(ascii: "t") { t = value }
        case 2:
            if `is`("ev") { ev = value }
        case 3:
            if `is`("seq") { seq = value } else if `is`("sub") { sub = value } else if `is`("obj") { obj = value }
        case 4:
            if `is`("site") { site = value } else if `is`("desc") { desc = value } else if `is`("name") { name = value }
            else if `is`("type") { type = value }
        case 5:
            if `is`("label") { label = value } else if `is`("queue") { queue = value } else if `is`("error") { error = value }
            else if `is`("count") { count = value }
        case 6:
            if `is`("thread") { thread = value } else if `is`("demand") { demand = value }
        case 8:
            if `is`("returned") { returned = value }
        case 10:
            if `is`("downstream") { downstream = value }
        case 14:
            if `is`("downstreamType") { downstreamType = value }
        default:
            break
        }
    }
}

@inline(__always) private func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for index in 0..<a.count where a[index] != b[index] { return false }
    return true
}
