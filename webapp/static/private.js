// Your private panel: what only you may see (a secret under its cover, the items you hold),
// each item a button when you may play it, else a named picture, greyed with the reason.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, say, element } = shell;

  function renderPrivate(table, renderer, h) {
    const box = $("private");
    const info = table.private;
    if (!info || (!info.items.length && !info.conceal)) {
      box.hidden = true;
      state.privateKey = null;
      return;
    }
    const dealt = info.key !== state.privateKey;
    if (dealt) { state.privateKey = info.key; state.uncovered = false; }
    box.hidden = false;
    box.dataset.key = info.key;
    const covered = !!info.conceal && !state.uncovered;
    box.classList.toggle("covered", covered);
    box.classList.toggle("dealt", dealt && state.booted && !h.reduced);
    box.classList.toggle("lifted", !covered && state.justUncovered === info.key);
    state.justUncovered = null;
    const head = element("div", "private-head");
    head.append(element("span", "private-title", info.title));
    if (info.caption && !covered) head.append(element("span", "caption", info.caption));
    const items = element("div", "items");
    items.setAttribute("role", "group");
    items.setAttribute("aria-label", info.title);
    const children = [head, items];
    if (covered) {
      // The cover is a button (keyboard, screen readers), named by what it hides.
      const lift = element("button", "cover-button");
      lift.type = "button";
      lift.setAttribute("aria-label", info.title + ": " + say("look"));
      lift.append(renderer.cover ? renderer.cover(info, h) : element("span", "cover", "❓"));
      items.append(lift);
      items.removeAttribute("role");
      items.removeAttribute("aria-label");
    } else {
      const greyed = info.items.filter((item) => !item.selectable && item.reason);
      const reasons = new Set(greyed.map((item) => item.reason));
      const shared = reasons.size === 1 && greyed.length > 1 ? greyed[0].reason : null;
      items.append(...info.items.map((item, index) => {
        const el = drawItem(item, renderer, h, shared);
        el.style.setProperty("--i", String(index));
        return el;
      }));
      if (renderer.arrange) renderer.arrange(items, info, h);
      if (shared) children.push(element("p", "reason-all", shared));
    }
    if (info.conceal && covered) {
      const caption = element("p", "cover-caption", say("look"));
      caption.setAttribute("aria-hidden", "true");  // the button says it
      children.push(caption);
    } else if (info.conceal) {
      const again = element("button", "link cover-caption", say("cover"));
      again.type = "button";
      children.push(again);
    }
    box.replaceChildren(...children);
  }

  // An item of your own: a button when you may play it, else a picture with a name (the
  // renderer's itemName, else the item's label), greyed with the reason when not playable.
  function drawItem(item, renderer, h, sharedReason) {
    const face = renderer.item ? renderer.item(item, h) : element("span", "label", item.label);
    const name = renderer.itemName ? renderer.itemName(item, h) : item.label;
    const el = element(item.selectable ? "button" : "span", "item " + item.kind);
    el.dataset.item = item.id;
    Object.entries(item.attrs || {}).forEach(([key, value]) => { el.dataset[key] = value; });
    el.append(face);
    face.setAttribute("aria-hidden", "true");  // the item's name says it
    if (item.selectable) {
      el.type = "button";
      el.dataset.action = item.action;
      el.disabled = state.busy;
      el.setAttribute("aria-label", name);
      el.addEventListener("click", (event) => { event.stopPropagation(); shell.move(item.action); });
    } else if (item.reason) {
      el.classList.add("greyed");
      el.title = item.reason;
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", name + " — " + item.reason);
      if (!sharedReason) {
        const reason = element("small", "reason", item.reason);
        reason.setAttribute("aria-hidden", "true");
        el.append(" ", reason);  // a word apart from the face's label
      }
    } else {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", name);
    }
    return el;
  }

  $("private").addEventListener("click", () => {
    const info = state.table && state.table.private;
    if (!info || !info.conceal) return;
    state.uncovered = !state.uncovered;
    state.justUncovered = state.uncovered ? info.key : null;
    shell.haptic("selection");
    shell.render(state.table);
  });

  Object.assign(shell, { renderPrivate });
})();
