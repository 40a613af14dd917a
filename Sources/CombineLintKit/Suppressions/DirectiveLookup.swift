/// The `disable` directives of one file arranged so that the ones covering a finding are found
/// without trying every directive: line-scoped ones by line, regions by rule id in file order.
struct DirectiveLookup {
    /// Line-scoped `disable` directives by covered line, in file order.
    private var byLine: [Int: [Int]] = [:]
    /// `disable` regions by the id they name (`all` included): directive index and range, in file order.
    private var regionsByID: [String: [(directive: Int, range: Range<Int>)]] = [:]
    private let directives: [SuppressionDirective]

    init(_ directives: [SuppressionDirective], regions: [[String: Range<Int>]]) {
        self.directives = directives
        for (index, directive) in directives.enumerated() where directive.action == .disable {
            if let lines = directive.coveredLines {
                for line in lines { byLine[line, default: []].append(index) }
            } else {
                for id in directive.ruleIDs {
                    if let range = regions[index][id] { regionsByID[id, default: []].append((index, range)) }
                }
            }
        }
    }

    /// Calls `body` with each directive that hides `finding` and the id by which it does (the
    /// finding's rule id when the directive names it, else `all`), in no particular order.
    func forEachDirective(covering finding: Finding, _ body: (Int, String) -> Void) {
        for index in byLine[finding.line] ?? [] {
            if let id = matchingID(directives[index], finding.ruleID) { body(index, id) }
        }
        for id in [finding.ruleID, "all"] {
            guard let regions = regionsByID[id] else { continue }
            // A region runs to the first later `enable` of its id, so regions that start later end
            // no sooner: those holding the offset are a run ending at the last that starts before it.
            var low = 0, high = regions.count
            while low < high {
                let mid = (low + high) / 2
                if regions[mid].range.lowerBound <= finding.offset { low = mid + 1 } else { high = mid }
            }
            var k = low - 1
            while k >= 0, regions[k].range.upperBound > finding.offset {
                let index = regions[k].directive
                // A directive naming both the rule and `all` hides it by the rule's id only.
                if matchingID(directives[index], finding.ruleID) == id { body(index, id) }
                k -= 1
            }
        }
    }

    private func matchingID(_ directive: SuppressionDirective, _ ruleID: String) -> String? {
        if directive.ruleIDs.contains(ruleID) { return ruleID }
        if directive.ruleIDs.contains("all") { return "all" }
        return nil
    }
}
