/* A small Markdown renderer for maintext's own output: headings, paragraphs, lists,
   block quotes, fenced code, tables, emphasis, inline code, links and images.
   Everything is escaped first; only http(s), relative and mailto links are made. */
(function () {
  "use strict";
  function esc(s) {
    return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  function safeUrl(u) {
    u = u.trim();
    return /^(https?:|mailto:|\/|#|\.)/i.test(u) || !/^[a-z][a-z0-9+.-]*:/i.test(u) ? u : "#";
  }
  function inline(text) {
    var codes = [];
    var s = text.replace(/`([^`]+)`/g, function (_, c) { codes.push(c); return "\u0000" + (codes.length - 1) + "\u0000"; });
    s = esc(s);
    s = s.replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+&quot;[^&]*&quot;)?\)/g, function (_, alt, src) {
      return '<span class="img">[image: ' + alt + "]</span>";
    });
    s = s.replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+&quot;[^&]*&quot;)?\)/g, function (_, t, href) {
      return '<a href="' + safeUrl(href) + '" rel="noopener noreferrer" target="_blank">' + t + "</a>";
    });
    s = s.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>").replace(/(^|[^*\\])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>");
    s = s.replace(/\\([\\`*_{}\[\]()#+\-.!>|])/g, "$1");
    return s.replace(/\u0000(\d+)\u0000/g, function (_, i) { return "<code>" + esc(codes[+i]) + "</code>"; });
  }
  function render(md) {
    var lines = md.replace(/\r\n?/g, "\n").split("\n"), out = [], i = 0, para = [];
    function flush() { if (para.length) { out.push("<p>" + inline(para.join(" ")) + "</p>"); para = []; } }
    while (i < lines.length) {
      var line = lines[i], m;
      if (/^\s*$/.test(line)) { flush(); i++; continue; }
      if ((m = line.match(/^(```|~~~)\s*([\w+-]*)/))) {
        flush(); var fence = m[1], code = []; i++;
        while (i < lines.length && lines[i].indexOf(fence) !== 0) { code.push(lines[i]); i++; }
        i++; out.push("<pre><code>" + esc(code.join("\n")) + "</code></pre>"); continue;
      }
      if ((m = line.match(/^(#{1,6})\s+(.*)$/))) { flush(); var n = m[1].length; out.push("<h" + n + ">" + inline(m[2]) + "</h" + n + ">"); i++; continue; }
      if (/^\s*>/.test(line)) {
        flush(); var q = [];
        while (i < lines.length && /^\s*>/.test(lines[i])) { q.push(lines[i].replace(/^\s*>\s?/, "")); i++; }
        out.push("<blockquote>" + render(q.join("\n")) + "</blockquote>"); continue;
      }
      if (/^\s*([-*+]|\d{1,9}[.)])\s+/.test(line)) {
        flush(); var ordered = /^\s*\d/.test(line), items = [];
        while (i < lines.length && /^\s*([-*+]|\d{1,9}[.)])\s+/.test(lines[i])) { items.push(lines[i].replace(/^\s*([-*+]|\d{1,9}[.)])\s+/, "")); i++; }
        var tag = ordered ? "ol" : "ul";
        out.push("<" + tag + ">" + items.map(function (t) { return "<li>" + inline(t) + "</li>"; }).join("") + "</" + tag + ">"); continue;
      }
      if (/^\s*\|.*\|\s*$/.test(line) && i + 1 < lines.length && /^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1])) {
        flush(); var rows = [];
        while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i])) { rows.push(lines[i]); i++; }
        var cells = function (r) { return r.trim().replace(/^\||\|$/g, "").split("|"); };
        var html = "<table><thead><tr>" + cells(rows[0]).map(function (c) { return "<th>" + inline(c.trim()) + "</th>"; }).join("") + "</tr></thead><tbody>";
        rows.slice(2).forEach(function (r) { html += "<tr>" + cells(r).map(function (c) { return "<td>" + inline(c.trim()) + "</td>"; }).join("") + "</tr>"; });
        out.push(html + "</tbody></table>"); continue;
      }
      if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) { flush(); out.push("<hr>"); i++; continue; }
      para.push(line.trim()); i++;
    }
    flush();
    return out.join("\n");
  }
  window.renderMarkdown = render;
})();
