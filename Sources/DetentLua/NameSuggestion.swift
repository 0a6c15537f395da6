/// The names a misspelt one was probably meant to be, for error messages that say
/// "did you mean …?" (a field, an option key, a property, an event).
///
/// Closeness is the optimal-string-alignment distance (Levenshtein with adjacent
/// transpositions, each edit costing 1), compared without case or the separators `_` and
/// `-` (so `ease-in-ease-out` finds `easeInEaseOut`); a candidate counts as
/// near when at most a third of the longer name's characters (at least 2) must change, or
/// when one name contains the other (`origin` for `drawer.origin`).
public enum NameSuggestion {
    /// Up to `limit` candidates near `name`, nearest first (ties in the candidates' order).
    public static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let foldedName = folded(name)
        let wanted = Array(foldedName.unicodeScalars)
        var scored: [(distance: Int, order: Int, name: String)] = []
        var seen: Set<String> = []
        for (order, candidate) in candidates.enumerated() where candidate != name && seen.insert(candidate).inserted {
            let foldedCandidate = folded(candidate)
            let other = Array(foldedCandidate.unicodeScalars)
            let bound = max(2, max(wanted.count, other.count) / 3)
            // The distance is at least the difference in length, so a name far longer or
            // shorter than a candidate (a megabyte of "e") costs no table of distances.
            let gap = abs(wanted.count - other.count)
            let distance = gap > bound ? gap : editDistance(wanted, other)
            let contains = wanted.count >= 3 && other.count >= 3
                && (foldedCandidate.contains(foldedName) || foldedName.contains(foldedCandidate))
            if distance <= bound || contains { scored.append((min(distance, bound), order, candidate)) }
        }
        scored.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        // Only the nearest: "drawer.settled" for "drawer.setled", not "pager.settled" too.
        guard let best = scored.first?.distance else { return [] }
        return scored.prefix { $0.distance == best }.prefix(limit).map(\.name)
    }

    /// `name` as names are compared: lower case, without `_` and `-`.
    static func folded(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }

    /// "did you mean a?", "did you mean a or b?", or "" when nothing is near.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String {
        let near = nearest(to: name, among: candidates)
        guard !near.isEmpty else { return "" }
        return "did you mean \(list(near, joinedWith: "or"))?"
    }

    /// "`argument` (unknown field '`path``key`'; did you mean …? expected one of: `allowed`)":
    /// an option table's key that is none of the allowed ones (`path`: the table's own, as in
    /// "anchors[1].").
    public static func unknownField(_ key: String, allowed: [String], argument: String, path: String = "") -> String {
        "\(argument) (unknown field '\(path)\(key)'; \(hint(key, among: allowed))expected one of: \(allowed.joined(separator: ", ")))"
    }

    /// `didYouMean` with a space after it, to stand before the rest of a parenthesis, or "".
    public static func hint(_ name: String, among candidates: [String]) -> String {
        let text = didYouMean(name, among: candidates)
        return text.isEmpty ? "" : text + " "
    }

    /// `names` as a sentence's list: "a", "a or b", "a, b or c".
    public static func list(_ names: [String], joinedWith word: String) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(word) " + names.last!
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    /// - Complexity: O(a.count × b.count).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)   // row i-2
        var previous = Array(0...b.count)                      // row i-1
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, before[j - 2] + 1) }
                current[j] = best
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
