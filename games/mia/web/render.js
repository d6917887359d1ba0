// Mia's table in the Mini App: the claims of this round at a glance, and the dice cup.
"use strict";
(function () {
  const FACES = "⚀⚁⚂⚃⚄⚅";

  function table(el, table, h) {
    const view = table.public;
    if (!view || view.over) return false;
    const names = table.seats.map((seat) => seat.name);
    const claims = h.element("ol", "mia-claims");
    for (const entry of view.history) {
      const li = h.element("li", entry.pass ? "pass" : entry.claim === "21" ? "mia" : "");
      li.append(h.element("span", "who", names[entry.seat]),
        h.element("span", "claim", entry.pass ? "➡️" : entry.claim === "21" ? "Mia" : entry.claim));
      claims.append(li);
    }
    if (view.history.length) el.append(claims);
    return false;  // the status lines stay: they say whose move it is
  }

  function cover(info, h) {
    const cup = h.element("span", "mia-cup");
    cup.setAttribute("aria-hidden", "true");
    return cup;
  }

  function item(item, h) {
    return h.element("span", "mia-die", FACES[Number(item.attrs.face) - 1] || item.label);
  }

  window.GameRenderers.register("mia", { table, cover, item });
})();
