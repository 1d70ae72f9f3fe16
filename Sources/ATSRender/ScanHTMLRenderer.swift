import ATSCertificates
import ATSScan
import ATSVocabulary
import ATSCheck
import ATSReport

/// `scan`, `report` and `app` `--format html`: one self-contained page for people. It makes
/// no request of its own (inline CSS and script, allowed by their hashes in a strict
/// Content-Security-Policy, and nothing else), and every text from an input is HTML-escaped.
/// It shows the counts and bar charts by verdict and by reason, then a table of every URL
/// sorted by endpoint (by bundle for `app`), with filters by verdict, reason and (app) bundle, a
/// text search and sortable columns. `#verdict=blocked&reason=CODE&bundle=PATH&q=TEXT` in the
/// address sets the filters on load. It reads at
/// 1280 and at 375 pixels wide, and prints without the controls.
public enum ScanHTMLRenderer {
    /// One row of the table: a URL under its endpoint (scan, report) or its bundle (app).
    struct Row {
        /// The first column: the endpoint, or the bundle.
        var group: String
        var url: String
        var verdict: String
        /// Reason codes, for the reason filter.
        var codes: [String]
        /// The reasons (or the error) as the cell shows them.
        var reasons: String
        var fix: String
        var foundAt: String
        /// True when the baseline holds the load.
        var inBaseline = false
    }

    /// The page of a scan's records (or a report's).
    public static func render(_ records: [ScanRecord], summary: ScanSummary, title: String) -> String {
        let rows = records.sorted { ($0.endpoint, $0.url, $0.origin.description) < ($1.endpoint, $1.url, $1.origin.description) }.map { record in
            Row(group: record.endpoint, url: record.url, verdict: record.verdict.rawValue, codes: record.reasons.map(\.code.rawValue),
                reasons: record.error ?? record.reasons.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "\n"),
                fix: record.accepted.map { "accepted: " + $0.reason } ?? record.upgrade?.fix ?? record.reasons.lazy.compactMap { $0.fix?.serverChange }.first ?? "",
                foundAt: record.origin.description, inBaseline: record.baselineState == .unchanged)
        }
        let counts = "\(summary.urls) URLs on \(summary.endpoints) endpoints: <b>\(summary.blocked)</b> blocked, \(summary.unknown) unknown, \(summary.allowed) allowed"
            + (summary.errors > 0 ? ", \(summary.errors) not judged" : "")
            + (summary.accepted.map { "; accepted in .atscheck.yml: \($0.blocked) blocked, \($0.unknown) unknown" } ?? "")
            + (summary.baseline.map { "; in the baseline: \($0.blocked) blocked, \($0.unknown) unknown" } ?? "")
        return page(title: title, counts: counts,
                    verdicts: [("blocked", summary.blocked), ("unknown", summary.unknown), ("allowed", summary.allowed), ("error", summary.errors)],
                    reasons: summary.reasons, total: summary.urls, rows: rows, groupTitle: "Endpoint", groups: nil)
    }

    /// The page: the counts line (already HTML), the charts, the filters (by bundle when
    /// `groups` are given), and the table.
    static func page(title: String, counts: String, verdicts: [(String, Int)], reasons: [String: Int], total: Int, rows: [Row],
                     groupTitle: String, groups: [String]?) -> String {
        var out = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-\(ContentDigest.sha256Base64(style))'; script-src 'sha256-\(ContentDigest.sha256Base64(script))'\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>\(escape(title))</title>\n"
        out += "<style>\(style)</style></head><body>\n<h1>\(escape(title))</h1>\n"
        out += "<p id=\"counts\">\(counts)</p>\n"
        out += chart("By verdict", verdicts.filter { $0.1 > 0 }, total: total, classed: true)
        out += chart("By reason", reasons.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }, total: total, classed: false)
        let codes = Set(rows.flatMap(\.codes)).sorted()
        out += "<div id=\"controls\">"
        if let groups {
            out += "<label>\(escape(groupTitle)) <select id=\"group\"><option value=\"\">all</option>"
                + groups.map { "<option>\(escape($0))</option>" }.joined() + "</select></label>\n"
        }
        out += "<label>Verdict <select id=\"verdict\"><option value=\"\">all</option>"
            + Array(Set(verdicts.map(\.0) + rows.map(\.verdict))).sorted { rank($0) < rank($1) }.map { "<option>\(escape($0))</option>" }.joined() + "</select></label>\n"
            + "<label>Reason <select id=\"reason\"><option value=\"\">all</option>" + codes.map { "<option>\(escape($0))</option>" }.joined()
            + "</select></label>\n<label>Search <input id=\"search\" type=\"search\"></label> <span id=\"shown\"></span></div>\n"
        out += "<table id=\"results\"><thead><tr><th data-key=\"0\">\(escape(groupTitle))</th><th data-key=\"1\">URL</th><th data-key=\"2\">Verdict</th>"
            + "<th data-key=\"3\">Reasons</th><th data-key=\"4\">Fix</th><th data-key=\"5\">Found at</th></tr></thead><tbody>\n"
        for row in rows {
            out += "<tr data-verdict=\"\(escape(row.verdict))\" data-reasons=\"\(escape(row.codes.joined(separator: " ")))\" data-group=\"\(escape(row.group))\">"
                + "<td>\(escape(row.group))</td><td class=\"url\">\(escape(row.url))</td><td class=\"v \(escape(row.verdict))\">\(escape(row.verdict))\(row.inBaseline ? " (in the baseline)" : "")</td>"
                + "<td>\(escape(row.reasons))</td><td>\(escape(row.fix))</td><td>\(escape(row.foundAt))</td></tr>\n"
        }
        return out + "</tbody></table>\n<script>\(script)</script>\n</body></html>\n"
    }

    /// The order verdicts are offered in.
    private static func rank(_ verdict: String) -> Int {
        ["blocked": 0, "unknown": 1, "allowed": 2, "error": 3, "not-seen": 4, "opened-outside": 5, "never-loaded": 6, "outside-ats": 7, "filtered": 8][verdict] ?? 9
    }

    /// A bar per (label, count), its width the count's share of `total`.
    private static func chart(_ title: String, _ bars: [(String, Int)], total: Int, classed: Bool) -> String {
        guard !bars.isEmpty else { return "" }
        var out = "<h2>\(title)</h2><div class=\"chart\">\n"
        for (label, count) in bars {
            let width = total > 0 ? max(1, count * 100 / total) : 0
            out += "<div class=\"bar\"><span class=\"label\">\(escape(label))</span><span class=\"fill\(classed ? " \(escape(label))" : "")\" data-width=\"\(width)\"></span><span class=\"n\">\(count)</span></div>\n"
        }
        return out + "</div>\n"
    }

    /// Text as HTML: each line made safe as terminal text is (``TerminalText/safe(_:)``: control
    /// characters and bidirectional overrides shown escaped), then `&`, `<`, `>`, `"` and `'` as
    /// character references. Line breaks are kept (the cells wrap at them).
    static func escape(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { MarkupText.escaped(TerminalText.safe(String($0)), quotes: .both) }.joined(separator: "\n")
    }

    static let style = """
    body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:1.5em;color:#222}h1{font-size:1.4em}h2{font-size:1.1em;margin:1em 0 .3em}\
    .chart{max-width:40em}.bar{display:flex;align-items:center;gap:.5em;margin:2px 0}.label{width:14em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}\
    .fill{height:1em;background:#7a8ca0;display:inline-block}.fill.blocked{background:#c0392b}.fill.unknown{background:#d68910}.fill.allowed{background:#229954}\
    #controls{margin:1em 0;display:flex;flex-wrap:wrap;gap:1em;align-items:center}table{border-collapse:collapse;width:100%}\
    th,td{border-bottom:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top;white-space:pre-wrap}th{cursor:pointer;background:#f4f4f4;position:sticky;top:0}\
    td.url{word-break:break-all;min-width:16em}.v.blocked{color:#c0392b;font-weight:bold}.v.unknown{color:#b9770e}.v.allowed{color:#1e8449}\
    tr[hidden]{display:none}@media (max-width:600px){th:nth-child(5),td:nth-child(5),th:nth-child(6),td:nth-child(6){display:none}.label{width:8em}}\
    @media print{#controls{display:none}th{position:static}}
    """

    static let script = """
    (function(){var rows=Array.prototype.slice.call(document.querySelectorAll('#results tbody tr'));\
    var verdict=document.getElementById('verdict'),reason=document.getElementById('reason'),search=document.getElementById('search');\
    var group=document.getElementById('group')||{value:'',addEventListener:function(){}};\
    document.querySelectorAll('.fill').forEach(function(f){f.style.width=f.getAttribute('data-width')+'%';});\
    function apply(){var v=verdict.value,r=reason.value,g=group.value,q=search.value.toLowerCase(),n=0;rows.forEach(function(row){\
    var show=(!v||row.getAttribute('data-verdict')===v)&&(!r||row.getAttribute('data-reasons').split(' ').indexOf(r)>=0)&&(!g||row.getAttribute('data-group')===g)&&(!q||row.textContent.toLowerCase().indexOf(q)>=0);\
    row.hidden=!show;if(show)n++;});document.getElementById('shown').textContent=n+' of '+rows.length+' shown';}\
    var hash=new URLSearchParams(location.hash.slice(1));verdict.value=hash.get('verdict')||'';reason.value=hash.get('reason')||'';group.value=hash.get('bundle')||'';search.value=hash.get('q')||'';\
    [verdict,reason,group].forEach(function(e){e.addEventListener('change',apply);});search.addEventListener('input',apply);\
    document.querySelectorAll('#results th').forEach(function(th){var up=true;th.addEventListener('click',function(){var k=+th.getAttribute('data-key');\
    var body=document.querySelector('#results tbody');rows.sort(function(a,b){var x=a.cells[k].textContent,y=b.cells[k].textContent;return up?x.localeCompare(y):y.localeCompare(x);});\
    up=!up;rows.forEach(function(row){body.appendChild(row);});});});apply();})();
    """
}
