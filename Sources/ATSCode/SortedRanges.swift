/// Sorted, disjoint ranges of byte offsets (comments, inactive regions), searched by halving.
package enum SortedRanges {
    /// Whether one of `ranges` (sorted, disjoint) holds `offset`.
    package static func contains(_ ranges: [Range<Int>], _ offset: Int) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(offset)
    }
}
