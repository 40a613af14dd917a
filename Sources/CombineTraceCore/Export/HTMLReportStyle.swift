/// The page's CSS. The timeline is a grid of three columns: the row's id, the plot (the rest of
/// the window: its SVGs have a `viewBox` and width 100%), and the row's end word. Fonts are the
/// system's own; mark labels are monospaced because their lanes are computed from their widths.
/// The axis and its labels scale with the plot, so the timeline keeps a minimum width (a
/// narrower window scrolls sideways) at which its labels are still about 10 px high.
enum HTMLReportStyle {
    static let css = """
    :root{--gutter:12em;--tail:8.5em;--leaked:#d62728;--discarded:#ff7f0e;--late:#9467bd;--cancelled:#8c8c8c;--finished:#2ca02c;--failed:#8c564b;--mark:#1f77b4}
    body{font:14px -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:20px;color:#222}
    h1{font-size:20px;margin:0 0 6px}
    .legend{line-height:2}
    .key{padding:1px 6px;color:#fff;border-radius:3px;font-size:12px}
    .key.leaked{background:var(--leaked);font-weight:bold}.key.discarded{background:var(--discarded)}.key.after-cancel{background:var(--late)}
    .key.cancelled{background:var(--cancelled)}.key.finished{background:var(--finished)}.key.failed{background:var(--failed)}
    .key-tick{display:inline-block;width:1px;height:12px;background:#111;vertical-align:middle;margin:0 4px 0 10px}
    .key-end{display:inline-block;width:3px;height:12px;background:#333;vertical-align:middle;margin:0 4px 0 10px}
    .key-mark{display:inline-block;height:12px;border-left:1px dashed var(--mark);vertical-align:middle;margin:0 4px 0 10px}
    .timeline{min-width:1200px;border:1px solid #ddd;background:#fcfcfc;margin:8px 0 18px}
    .tl-note{margin:0;padding:6px 8px;font-size:12px;color:#555;border-bottom:1px solid #eee}
    .tl-head,.tl-foot{display:grid;grid-template-columns:var(--gutter) 1fr var(--tail);background:#fcfcfc}
    .tl-head{position:sticky;top:0;z-index:3;border-bottom:1px solid #ccc}
    .tl-foot{border-top:1px solid #ccc}
    .tl-corner{font-size:11px;color:#777;align-self:end;padding:0 6px 4px}
    .tl-axis{display:block;width:100%;height:auto;overflow:visible}
    .tl-axis .axis-line,.tl-axis .tick{stroke:#555;stroke-width:1}
    .tl-axis .tick-label{font:10px Menlo,"DejaVu Sans Mono",monospace;fill:#444}
    .tl-axis .mark line{stroke:var(--mark);stroke-dasharray:3 2}
    .tl-axis .mark-labels text{font:11px Menlo,"DejaVu Sans Mono",monospace;fill:var(--mark)}.tl-axis .mark-labels rect{fill:#fcfcfc}
    .tl-rows{position:relative}.tl-empty{margin:0;padding:8px;color:#777}
    .tl-marklines{position:absolute;top:0;bottom:0;left:var(--gutter);right:var(--tail);pointer-events:none;z-index:1}
    .tl-marklines i{position:absolute;top:0;bottom:0;border-left:1px dashed var(--mark);opacity:.55}
    .tl-group{padding:5px 6px 2px;border-top:1px solid #e4e4e4;font-size:12px;background:#f3f3f3}
    .tl-group .site{font-family:Menlo,"DejaVu Sans Mono",monospace;font-weight:bold}.tl-group .label{color:#333}.tl-group .counts{color:#666;margin-left:6px}
    .tl-row>summary{display:grid;grid-template-columns:var(--gutter) 1fr var(--tail);align-items:center;cursor:pointer;list-style:none;height:18px}
    .tl-row>summary::-webkit-details-marker{display:none}
    .tl-row>summary:hover{background:#e8f0fb}.tl-row[open]>summary{background:#dde8f7}
    .tl-id{font:12px Menlo,"DejaVu Sans Mono",monospace;padding-left:6px;white-space:nowrap;overflow:hidden}
    .tl-id::before{content:"▸ ";color:#999}.tl-row[open] .tl-id::before{content:"▾ "}
    .tl-id small{color:#777;font-size:11px}
    .badge{font-size:10px;padding:0 3px;border-radius:2px;color:#fff;background:#555}.badge.violation{background:#000}
    .tl-track{display:block;width:100%;height:16px}
    .tl-track .bar{fill:var(--finished);opacity:.75}
    .tl-row.leaked .bar{fill:var(--leaked);opacity:1}.tl-row.discarded .bar{fill:var(--discarded);opacity:1}
    .tl-row.after-cancel .bar{fill:var(--late);opacity:1}.tl-row.cancelled .bar{fill:var(--cancelled)}.tl-row.failed .bar{fill:var(--failed)}
    .tl-track .values{stroke:#111;stroke-width:1;vector-effect:non-scaling-stroke}
    .tl-track .end{stroke:#222;stroke-width:3;vector-effect:non-scaling-stroke}
    .tl-track .end.finished{stroke:#1a6e1a}.tl-track .end.failure{stroke:#b00}
    .tl-track .end.leaked{fill:var(--leaked);stroke:none}
    .tl-end{font-size:11px;padding-left:6px;color:#777;white-space:nowrap;overflow:hidden}
    .tl-end.leaked-marker{color:var(--leaked);font-weight:bold}.tl-end.discarded{color:#c55a00;font-weight:bold}.tl-end.after-cancel{color:var(--late);font-weight:bold}
    .tl-events{position:relative;z-index:2;background:#fff;margin:2px 6px 8px var(--gutter);border:1px solid #ddd;max-height:24em;overflow:auto}
    .tl-events table{margin:0;width:100%}.tl-events .omitted td{color:#777;font-style:italic}
    table{border-collapse:collapse;margin:4px 0 16px}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}
    td{font-family:Menlo,"DejaVu Sans Mono",monospace;font-size:12px}h2{font-size:16px}h2 small{font-weight:normal;color:#666}
    """
}
