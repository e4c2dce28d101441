extension HTMLReport {
    /// Light and dark by the reader's preference; print without buttons.
    static let style = """
        :root { color-scheme: light dark; --fg: #1d1f23; --bg: #ffffff; --muted: #5f6670; --line: #d8dce2;
          --s0: #2f6fde; --s1: #d4572a; --s2: #2a9d5c; --s3: #8a4fd1; --s4: #c49a00; --s5: #1c9aaa; --s6: #d43f8d; --s7: #6b7280; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #15171a; --muted: #9aa2ad; --line: #343a42;
          --s0: #6ea0ff; --s1: #ff8a5c; --s2: #5fd18f; --s3: #b98cff; --s4: #f2c94c; --s5: #54d1e0; --s6: #ff7ab8; --s7: #a0a7b1; } }
        body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0 auto; max-width: 1440px; padding: 1rem 2rem; }
        @media (max-width: 600px) { body { padding: .5rem; } } .meta { overflow-wrap: anywhere; } .scroll { overflow-x: auto; max-width: 100%; }
        td, th { white-space: nowrap; } td.title, table.statistics td { white-space: normal; } td.title { min-width: 14rem; }
        .charts { display: flex; flex-wrap: wrap; gap: 0 2rem; align-items: flex-start; } .charts > figure { flex: 1 1 520px; min-width: 0; }
        h1 { font-size: 1.5rem; } h2 { border-top: 1px solid var(--line); padding-top: 1rem; } .id, .meta, .note, .label { color: var(--muted); }
        table { border-collapse: collapse; margin: .5rem 0; } th, td { padding: .2rem .6rem; border-bottom: 1px solid var(--line); text-align: left; }
        td.number, table.numbers td + td + td { text-align: right; font-variant-numeric: tabular-nums; }
        th button { font: inherit; font-weight: 600; color: inherit; background: none; border: 0; padding: 0; cursor: pointer; }
        th[aria-sort="ascending"] button::after { content: " ▲"; } th[aria-sort="descending"] button::after { content: " ▼"; }
        .card { display: flex; gap: 2rem; flex-wrap: wrap; align-items: baseline; } .card strong { font-size: 1.3rem; }
        svg.chart { width: 100%; height: auto; display: block; } svg.chart.narrow { display: none; }
        @media (max-width: 560px) { svg.chart.wide { display: none; } svg.chart.narrow { display: block; } }
        figure { overflow-x: auto; max-width: 100%; } .multiples > figure { overflow: visible; }
        .multiples { display: flex; flex-wrap: wrap; gap: 1rem; } figure { margin: .5rem 0; }
        .axis text { font-size: 11px; fill: var(--muted); } .axis .grid { stroke: var(--line); stroke-width: 1; }
        .series path { fill: none; stroke-width: 2; } .series circle { stroke-width: 1.5; }
        \((0..<8).map { ".series-\($0) path, .series-\($0) circle { stroke: var(--s\($0)); } .series-\($0) circle, .series-\($0) rect { fill: var(--s\($0)); } li.series-\($0)::before { color: var(--s\($0)); }" }.joined(separator: "\n"))
        .series circle.hollow { fill: var(--bg); } .legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 1rem; font-size: .9rem; }
        .legend li::before { content: "● "; } .legend li.hollow-key::before { content: "○ "; }
        @media print { th button::after { content: none !important; } details { display: none; } section { break-inside: avoid-page; } }
        """

    /// Sorting by a column header; a link ending `#sort=<column>` sorts on opening.
    static let script = """
        function cpvSort(button) {
          const th = button.closest("th"), table = th.closest("table"), body = table.tBodies[0];
          const column = Array.from(th.parentNode.children).indexOf(th), numeric = th.dataset.type === "number";
          const direction = th.getAttribute("aria-sort") === "descending" ? 1 : -1;
          const key = (row) => row.cells[column].dataset.sort;
          const rows = Array.from(body.rows).sort((a, b) => {
            const x = key(a), y = key(b);
            if (x === "" || y === "") { return (x === "") - (y === ""); }
            return (numeric ? parseFloat(x) - parseFloat(y) : x.localeCompare(y)) * direction;
          });
          rows.forEach((row) => body.appendChild(row));
          table.querySelectorAll("th").forEach((header) => header.removeAttribute("aria-sort"));
          th.setAttribute("aria-sort", direction < 0 ? "descending" : "ascending");
        }
        document.querySelectorAll("table.sortable th button").forEach((button) => button.addEventListener("click", () => cpvSort(button)));
        const cpvAsked = location.hash.match(/^#sort=([A-Za-z0-9_.]+)$/);
        if (cpvAsked) { document.querySelectorAll('table.sortable th[data-column="' + cpvAsked[1] + '"] button').forEach((button) => cpvSort(button)); }
        """
}
