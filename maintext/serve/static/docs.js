/* The /docs page: the OpenAPI description of the service as plain HTML. */
(async function () {
  var spec = await (await fetch("/openapi.json")).json(), main = document.getElementById("docs");
  main.innerHTML = "";
  function el(tag, cls, txt) { var e = document.createElement(tag); if (cls) e.className = cls; if (txt != null) e.textContent = txt; return e; }
  main.appendChild(el("p", null, (spec.info && spec.info.description) || ""));
  Object.keys(spec.paths).forEach(function (path) {
    Object.keys(spec.paths[path]).forEach(function (verb) {
      var op = spec.paths[path][verb], card = el("div", "card op"), h = el("h3");
      h.appendChild(el("span", "verb " + verb, verb.toUpperCase())); h.appendChild(document.createTextNode(" " + path + " \u2014 " + (op.summary || "")));
      card.appendChild(h);
      if (op.parameters && op.parameters.length) {
        var t = el("table"); t.appendChild(el("tr")).innerHTML = "<th>query parameter</th><th>type</th><th>default</th><th>description</th>";
        op.parameters.forEach(function (p) {
          var tr = el("tr"), s = p.schema || {};
          var type = s.type || (s.anyOf || []).map(function (x) { return x.type; }).join(" | ");
          [p.name, type, s.default === undefined ? "" : JSON.stringify(s.default), p.description || ""].forEach(function (v) { tr.appendChild(el("td", null, v)); });
          t.appendChild(tr);
        });
        card.appendChild(t);
      }
      if (op.requestBody && op.requestBody.content) card.appendChild(el("p", null, "body: " + Object.keys(op.requestBody.content).join(", ")));
      main.appendChild(card);
    });
  });
})();
