/* The maintext web page: send a URL, pasted HTML or a file to POST /extract (with
   explain, the annotated view and Markdown), then show the result. In a standalone
   file written by `maintext extract --explain --format html` the result is embedded
   (window.MAINTEXT_RESULT) and the form is hidden. */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var current = "url", record = null;

  function text(el, s) { el.textContent = s == null ? "" : String(s); }
  function setStatus(msg, isError) { var s = $("status"); if (!s) return; text(s, msg); s.className = "status" + (isError ? " error" : ""); }

  function switchTabs(attr, value, prefix) {
    document.querySelectorAll("[data-" + attr + "]").forEach(function (b) { b.classList.toggle("active", b.dataset[attr] === value); });
    if (prefix) {
      document.querySelectorAll("[id^='" + prefix + "']").forEach(function (p) { p.classList.toggle("hidden", p.id !== prefix + value); });
    }
  }

  function metaRows(r) {
    var rows = [["URL", r.url], ["Headline", r.headline && r.headline !== r.title ? r.headline : ""], ["Date", r.date],
      ["Author", r.author], ["Site", r.sitename], ["Language", r.language], ["Keywords", (r.keywords || []).join(", ")],
      ["Description", r.description], ["Method", r.method], ["Region", r.extra && r.extra.auto && r.extra.auto.region],
      ["Words", r.text ? r.text.split(/\s+/).length : 0], ["Note", r.reason]];
    var table = $("r-meta"); table.innerHTML = "";
    rows.forEach(function (row) {
      if (row[1] === undefined || row[1] === null || row[1] === "") return;
      var tr = document.createElement("tr"), a = document.createElement("td"), b = document.createElement("td");
      text(a, row[0]); text(b, row[1]); tr.appendChild(a); tr.appendChild(b); table.appendChild(tr);
    });
  }

  function decisions(r) {
    var box = $("out-decisions"); box.innerHTML = "";
    var table = document.createElement("table"); table.className = "decisions";
    table.innerHTML = "<thead><tr><th>#</th><th>decision</th><th>reason</th><th>block</th><th>text</th></tr></thead>";
    var body = document.createElement("tbody");
    (r.explain || []).forEach(function (d, i) {
      var tr = document.createElement("tr");
      [i, d.decision, d.reason, d.block, d.text || ""].forEach(function (v, k) {
        var td = document.createElement("td"); text(td, v); if (k === 1) td.className = v; tr.appendChild(td);
      });
      tr.id = "decision-" + i; body.appendChild(tr);
    });
    table.appendChild(body); box.appendChild(table);
  }

  function legend(view) {
    var ul = $("legend"); ul.innerHTML = "";
    (view.legend || []).forEach(function (item) {
      if (!item.count) return;
      var li = document.createElement("li"), sw = document.createElement("span");
      sw.className = "sw"; sw.style.borderColor = item.color;
      li.appendChild(sw); li.appendChild(document.createTextNode(item.category + " (" + item.count + ")"));
      li.dataset.decision = item.decision; ul.appendChild(li);
    });
    if (view.main_found) {
      var li = document.createElement("li"); li.className = "main";
      li.innerHTML = '<span class="sw"></span>main container'; ul.appendChild(li);
    }
    text($("outlined"), "(" + (view.outlined || 0) + " decisions placed on the page)");
  }

  function wireFrame(frame) {
    var doc;
    try { doc = frame.contentDocument; } catch (e) { return; }
    if (!doc) return;
    doc.addEventListener("click", function (ev) {
      var el = ev.target;
      while (el && el.nodeType === 1 && !el.hasAttribute("data-mt")) el = el.parentElement;
      var link = ev.target.closest ? ev.target.closest("a") : null;
      if (link) ev.preventDefault();
      if (!el || el.nodeType !== 1) return;
      ev.preventDefault();
      doc.querySelectorAll(".mt-selected").forEach(function (x) { x.classList.remove("mt-selected"); });
      el.classList.add("mt-selected");
      var idx = (el.getAttribute("data-mt-i") || "").split(",").filter(Boolean).map(Number);
      var lines = idx.map(function (i) {
        var d = (record.explain || [])[i] || {};
        return d.decision + ": " + d.reason + (d.text ? " \u2014 \u201c" + d.text + "\u201d" : "");
      });
      text($("detail"), el.tagName.toLowerCase() + ": " + (lines.join(" | ") || el.getAttribute("data-mt-reason")));
    }, true);
  }

  function show(r) {
    record = r;
    $("result").classList.remove("hidden");
    text($("r-title"), r.headline || r.title || "(no title)");
    metaRows(r);
    var md = r.format === "markdown" && r.output != null ? r.output : (r.markdown != null ? r.markdown : r.text || "");
    $("out-markdown").innerHTML = window.renderMarkdown(md);
    text($("out-source"), md);
    text($("out-text"), r.text || "(no main text: " + (r.reason || "unknown") + ")");
    decisions(r);
    var frame = $("frame");
    if (r.view) {
      legend(r.view);
      frame.onload = function () { wireFrame(frame); };
      frame.srcdoc = r.view.html;
    }
    document.body.dataset.ready = "1";
  }

  async function submit(ev) {
    ev.preventDefault();
    var params = "explain=true&view=true&format=markdown&links=false&method=" + encodeURIComponent($("method").value);
    var opts = { method: "POST", headers: {} }, key = $("key").value.trim();
    if (key) { opts.headers["X-API-Key"] = key; try { localStorage.setItem("maintext-key", key); } catch (e) {} }
    if (current === "url") {
      if (!$("url").value.trim()) { setStatus("enter a URL", true); return; }
      opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify({ url: $("url").value.trim() });
    } else if (current === "html") {
      if (!$("html").value.trim()) { setStatus("paste some HTML", true); return; }
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify({ html: $("html").value, url: $("base").value.trim() || undefined });
    } else {
      var f = $("file").files[0];
      if (!f) { setStatus("choose a file", true); return; }
      var fd = new FormData(); fd.append("file", f, f.name); opts.body = fd;
    }
    setStatus("extracting\u2026"); $("submit").disabled = true;
    try {
      var resp = await fetch("/extract?" + params, opts);
      var data = await resp.json();
      if (!resp.ok) { var e = data.error || {}; setStatus((e.type || "error") + ": " + (e.message || resp.status), true); return; }
      setStatus("done: " + (data.text ? data.text.length : 0) + " characters of main text");
      show(data);
    } catch (err) {
      setStatus("request failed: " + err, true);
    } finally { $("submit").disabled = false; }
  }

  async function loadLists() {
    try {
      var m = await (await fetch("/methods")).json(), sel = $("method");
      sel.innerHTML = "";
      (m.methods || []).forEach(function (x) { var o = document.createElement("option"); o.value = o.textContent = x.name; o.title = x.description || ""; if (x.name === "auto") o.selected = true; sel.appendChild(o); });
      var ex = await (await fetch("/examples")).json();
      (ex.examples || []).forEach(function (name) { var o = document.createElement("option"); o.value = o.textContent = name; $("example").appendChild(o); });
    } catch (e) { /* lists are a convenience */ }
  }

  async function loadExample() {
    var name = $("example").value;
    if (!name) return;
    setStatus("loading example\u2026");
    var resp = await fetch("/examples/" + encodeURIComponent(name));
    if (!resp.ok) { setStatus("example not available", true); return; }
    $("html").value = await resp.text();
    current = "html"; switchTabs("tab", "html");
    document.querySelectorAll("[data-pane]").forEach(function (p) { p.classList.toggle("hidden", p.dataset.pane !== "html"); });
    setStatus("example loaded: press Extract");
  }

  function init() {
    document.querySelectorAll("[data-tab]").forEach(function (b) {
      b.addEventListener("click", function () {
        current = b.dataset.tab; switchTabs("tab", current);
        document.querySelectorAll("[data-pane]").forEach(function (p) { p.classList.toggle("hidden", p.dataset.pane !== current); });
      });
    });
    document.querySelectorAll("[data-out]").forEach(function (b) {
      b.addEventListener("click", function () { switchTabs("out", b.dataset.out, "out-"); });
    });
    if (window.MAINTEXT_RESULT) {
      $("form").classList.add("hidden");
      show(window.MAINTEXT_RESULT);
      return;
    }
    try { $("key").value = localStorage.getItem("maintext-key") || ""; } catch (e) {}
    $("form").addEventListener("submit", submit);
    $("example").addEventListener("change", loadExample);
    loadLists();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
