// The Mini App page: one table, as one person may see it. Plain JS, no framework.
// A game-agnostic shell: seats, status, story, public actions and the private panel are drawn
// here for every game; each game's own renderer (/games/<name>/render.js) draws its table.
// Talks only to our own server (and telegram-web-app.js when inside Telegram).
"use strict";
(function () {
  const tgApp = window.Telegram && window.Telegram.WebApp;
  const tg = tgApp && tgApp.initData ? tgApp : null;
  const local = !tg && document.body.dataset.local === "1";
  const params = new URLSearchParams(location.search);
  const $ = (id) => document.getElementById(id);
  const state = {
    strings: {}, table: null, privateKey: null, uncovered: false, busy: false, gen: 0,
    initData: tg ? tg.initData : "",
    tableId: (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) ||
      params.get("table") || params.get("tgWebAppStartParam") || "",
  };
  const renderers = {};
  const loading = {};

  if (tg) {
    document.documentElement.classList.add("telegram");
    tg.ready();
    tg.expand();
  }

  function haptic(kind, value) {
    const feedback = tg && tg.HapticFeedback;
    if (!feedback) return;
    if (kind === "impact") feedback.impactOccurred(value || "light");
    else if (kind === "notify") feedback.notificationOccurred(value);
    else feedback.selectionChanged();
  }

  // Fills {name} placeholders literally (split/join: "$&" in a name stays "$&").
  function say(key, vars) {
    let text = state.strings[key] || key;
    for (const [name, value] of Object.entries(vars || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  }

  async function api(path, options) {
    const response = await fetch(path, Object.assign({
      headers: { "Authorization": "tma " + state.initData, "Content-Type": "application/json" },
    }, options || {}));
    let body = null;
    try { body = await response.json(); } catch (e) { body = null; }
    if (!response.ok) {
      const error = new Error((body && body.error && body.error.message) || response.statusText);
      error.code = body && body.error && body.error.code;
      error.status = response.status;
      throw error;
    }
    return body;
  }

  function notice(text, isError) {
    const el = $("notice");
    el.textContent = text || "";
    el.classList.toggle("error", !!isError);
  }

  function element(tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined && text !== null) el.textContent = text;
    return el;
  }

  // --- game renderers ---------------------------------------------------------------------

  window.GameRenderers = {
    register(name, renderer) {
      renderers[name] = renderer;
      if (state.table && state.table.game === name) render(state.table);
    },
  };

  function ensureRenderer(table) {
    const name = table.game;
    if (!table.renderer || renderers[name] || loading[name]) return;
    loading[name] = true;
    const css = element("link");
    css.rel = "stylesheet";
    css.href = "/games/" + encodeURIComponent(name) + "/render.css";
    css.onerror = () => css.remove();
    document.head.append(css);
    const script = element("script");
    script.src = "/games/" + encodeURIComponent(name) + "/render.js";
    document.head.append(script);
  }

  const helpers = { element, say, haptic, move: (action) => move(action) };

  // --- drawing ----------------------------------------------------------------------------

  function render(table) {
    state.table = table;
    ensureRenderer(table);
    const renderer = renderers[table.game] || {};
    $("title").textContent = table.title;
    renderSeats(table);
    renderPill(table);
    const area = $("game-area");
    area.replaceChildren();
    const drewTable = table.public && renderer.table ? renderer.table(area, table, helpers) : false;
    area.hidden = !area.childElementCount;
    // The status lines: the header always; the rest unless the game's renderer drew them.
    const lines = drewTable ? table.lines.slice(0, 1) : table.lines;
    $("lines").replaceChildren(...lines.map((line, i) => element("p", i === 0 ? "head" : "", line)));
    renderPrivate(table, renderer);
    const hint = $("hint");
    hint.hidden = !table.hint;
    hint.textContent = table.hint || "";
    renderActions(table);
    renderStory(table);
    if (window.LocalMode) window.LocalMode.rendered(table);
  }

  function renderSeats(table) {
    $("seats").replaceChildren(...table.seats.map((seat) => {
      const li = element("li", [seat.acting ? "acting" : "", seat.out ? "out" : "",
        seat.you ? "you" : ""].join(" ").trim());
      li.append(element("span", "name", seat.name), element("span", "badge", seat.badge));
      return li;
    }));
  }

  function renderPill(table) {
    const pill = $("pill");
    const me = table.you === null ? null : table.seats[table.you];
    let text, turn = false;
    if (table.over) text = say("game_over", { name: table.winners.join(", ") });
    else if (table.status === "lobby") text = say("lobby");
    else if (table.status !== "playing") text = say("closed");
    else if (me === null) text = say("spectator");
    else if (table.left) text = say("you_left");
    else if (me.out) text = say("you_are_out");
    else if (me.acting) { text = say("your_turn"); turn = true; }
    else {
      const acting = table.seats.filter((seat) => seat.acting).map((seat) => seat.name);
      text = acting.length ? say("waiting_for", { name: acting.join(", ") }) : "";
    }
    pill.textContent = text;
    pill.classList.toggle("turn", turn);
  }

  function renderPrivate(table, renderer) {
    const box = $("private");
    const info = table.private;
    if (!info) { box.hidden = true; state.privateKey = null; return; }
    if (info.key !== state.privateKey) { state.privateKey = info.key; state.uncovered = false; }
    box.hidden = false;
    box.dataset.key = info.key;
    const covered = info.conceal && !state.uncovered;
    box.classList.toggle("covered", covered);
    const head = element("div", "private-head");
    head.append(element("span", "private-title", info.title));
    if (info.caption && !covered) head.append(element("span", "caption", info.caption));
    const items = element("div", "items");
    if (covered) {
      const cover = renderer.cover ? renderer.cover(info, helpers) : element("span", "cover", "❓");
      items.append(cover);
    } else {
      items.append(...info.items.map((item) => drawItem(item, renderer)));
    }
    const children = [head, items];
    if (info.conceal) children.push(element("p", "cover-caption", say(covered ? "look" : "cover")));
    box.replaceChildren(...children);
  }

  function drawItem(item, renderer) {
    const face = renderer.item ? renderer.item(item, helpers) : element("span", "label", item.label);
    const el = element(item.selectable ? "button" : "span", "item " + item.kind);
    el.dataset.item = item.id;
    Object.entries(item.attrs || {}).forEach(([key, value]) => { el.dataset[key] = value; });
    el.append(face);
    if (item.selectable) {
      el.type = "button";
      el.dataset.action = item.action;
      el.disabled = state.busy;
      el.addEventListener("click", (event) => { event.stopPropagation(); move(item.action); });
    } else if (item.reason) {
      el.classList.add("greyed");
      el.title = item.reason;
      el.append(element("small", "reason", item.reason));
    }
    return el;
  }

  function renderActions(table) {
    const box = $("actions");
    const rows = [];
    if (table.status === "lobby") {
      const verbs = [];
      if (table.can_join) verbs.push("join");
      if (table.you !== null) verbs.push("leave");
      if (table.creator) verbs.push("start");
      rows.push(verbs.map((verb) => button(say(verb), () => lobby(verb), "lobby:" + verb, "primary")));
    }
    for (const row of table.actions) {
      rows.push(row.map((item) => button(item.label, () => move(item.action), item.action, item.style)));
    }
    if (window.LocalMode) rows.push(...window.LocalMode.extraRows(table, button));
    box.replaceChildren(...rows.filter((r) => r.length).map((buttons) => {
      const div = element("div", "row" + (buttons.length > 3 ? " many" : ""));
      div.append(...buttons);
      return div;
    }));
  }

  function button(label, onClick, action, style) {
    const el = element("button", style || "primary", label);
    el.type = "button";
    el.dataset.action = action;
    el.disabled = state.busy;
    el.addEventListener("click", onClick);
    return el;
  }

  function renderStory(table) {
    const story = $("story");
    story.hidden = table.story.length === 0;
    story.replaceChildren(...table.story.map((line) => element("p", "", line)));
    const proofs = $("proofs");
    proofs.hidden = !table.proofs || table.proofs.length === 0;
    $("proof-list").replaceChildren(...(table.proofs || []).map((proof) => {
      const p = element("p", "proof");
      p.append(element("code", "", "SHA-256(" + proof.text + ")"), element("code", "", "= " + proof.commitment));
      return p;
    }));
  }

  // --- talking to the server ----------------------------------------------------------------

  async function send(path, body) {
    if (state.busy) return;
    state.busy = true;
    render(state.table);
    haptic("impact", "medium");
    try {
      const table = await api(path, { method: "POST", body: JSON.stringify(body) });
      haptic("notify", "success");
      notice("");
      render(table);
    } catch (error) {
      haptic("notify", "error");
      notice(error.message, true);
      refresh();
    } finally {
      state.busy = false;
      if (state.table) render(state.table);
    }
  }

  function move(action) {
    return send("/api/tables/" + state.tableId + "/moves",
      { action: action, decision: state.table.decision });
  }

  function lobby(verb) {
    return send("/api/tables/" + state.tableId + "/lobby", { verb: verb });
  }

  async function refresh() {
    try { render(await api("/api/tables/" + state.tableId)); } catch (error) { notice(error.message, true); }
  }

  async function follow() {
    const gen = state.gen;  // a newer table on this page stops this loop
    let failures = 0;
    for (;;) {
      const after = state.table ? state.table.version : 0;
      try {
        const table = await api("/api/tables/" + state.tableId + "/wait?after=" + after);
        if (gen !== state.gen) return;
        failures = 0;
        if (!state.table || table.version !== state.table.version) render(table);
        if ($("notice").textContent === say("reconnecting")) notice("");
        if (table.status !== "playing" && table.status !== "lobby") return;
      } catch (error) {
        if (gen !== state.gen) return;
        failures += 1;
        if (error.status === 404 || error.status === 401) { notice(error.message, true); return; }
        notice(say("reconnecting"), true);
        await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 500 * failures)));
      }
    }
  }

  $("private").addEventListener("click", () => {
    if (!state.table || !state.table.private || !state.table.private.conceal) return;
    state.uncovered = !state.uncovered;
    haptic("selection");
    render(state.table);
  });

  function showStats(stats) {
    $("stats").textContent = say("games_won", stats);
  }

  function chooseTable(tables) {
    notice(tables.length ? "" : say("no_table"));
    $("actions").replaceChildren(...tables.map((table) => {
      const div = element("div", "row");
      div.append(button(table.title + " · " + table.id, () => {
        state.tableId = table.id;
        boot();
      }, "open:" + table.id, "primary"));
      return div;
    }));
  }

  async function boot() {
    notice("…");
    try {
      const me = await api("/api/me");
      state.strings = me.strings;
      document.querySelectorAll("[data-s]").forEach((el) => { el.textContent = say(el.dataset.s); });
      showStats(me.stats);
      document.documentElement.lang = me.language;
      notice(say("connecting"));
      if (!state.tableId && me.tables.length === 1) state.tableId = me.tables[0].id;
      if (!state.tableId) { chooseTable(me.tables); return; }
      render(await api("/api/tables/" + state.tableId));
      notice("");
      follow();
    } catch (error) {
      notice(error.message, true);
    }
  }

  // What local mode (local.js) needs from the shell.
  window.Shell = {
    state, api, say, element, notice, render, follow, showStats, button,
    showTable(table) {
      state.gen += 1;
      state.table = null;
      $("setup").hidden = true;
      $("table").hidden = false;
      render(table);
      follow();
    },
  };

  if (!local) boot();
})();
