// The Mini App page: one table, as one person may see it. Plain JS, no framework.
// Talks only to our own server (and telegram-web-app.js when inside Telegram).
"use strict";
(function () {
  const tgApp = window.Telegram && window.Telegram.WebApp;
  const tg = tgApp && tgApp.initData ? tgApp : null;
  const params = new URLSearchParams(location.search);
  const initData = tg ? tg.initData : (window.LOCAL_INIT_DATA || params.get("initData") || "");
  let tableId = (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) ||
    params.get("table") || params.get("tgWebAppStartParam") || "";
  const $ = (id) => document.getElementById(id);
  const state = { strings: {}, table: null, secretId: null, lifted: false, busy: false };

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

  function say(key, vars) {
    let text = state.strings[key] || key;
    for (const [name, value] of Object.entries(vars || {})) text = text.replace("{" + name + "}", value);
    return text;
  }

  async function api(path, options) {
    const response = await fetch(path, Object.assign({
      headers: { "Authorization": "tma " + initData, "Content-Type": "application/json" },
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
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function render(table) {
    state.table = table;
    $("title").textContent = "🎲 " + table.title;
    const seats = $("seats");
    seats.replaceChildren(...table.seats.map((seat) => {
      const li = element("li", [seat.acting ? "acting" : "", seat.out ? "out" : "", seat.you ? "you" : ""].join(" ").trim());
      li.append(element("span", "name", seat.name), element("span", "badge", seat.badge));
      return li;
    }));
    $("lines").replaceChildren(...table.lines.map((line) =>
      element("p", line.startsWith("🔒") ? "small" : "", line)));
    renderPill(table);
    renderCup(table.secret);
    renderActions(table);
    const story = $("story");
    story.hidden = table.story.length === 0;
    story.replaceChildren(...table.story.map((line) => element("p", "", line)));
  }

  function renderPill(table) {
    const pill = $("pill");
    const me = table.you === null ? null : table.seats[table.you];
    let text, turn = false;
    if (table.over) text = say("game_over", { name: table.winner });
    else if (table.status === "lobby") text = say("lobby");
    else if (table.status !== "playing") text = say("closed");
    else if (me === null) text = say("spectator");
    else if (me.out) text = say("you_are_out");
    else if (me.acting) { text = say("your_turn"); turn = true; }
    else {
      const acting = table.seats.find((seat) => seat.acting);
      text = acting ? say("waiting_for", { name: acting.name }) : "";
    }
    pill.textContent = text;
    pill.classList.toggle("turn", turn);
  }

  function renderCup(secret) {
    const cup = $("cup");
    if (!secret) { cup.hidden = true; state.secretId = null; return; }
    if (secret.id !== state.secretId) { state.secretId = secret.id; state.lifted = false; }
    cup.hidden = false;
    cup.dataset.secret = secret.id;
    cup.classList.toggle("lifted", state.lifted);
    const dice = $("dice");
    dice.hidden = !state.lifted;
    dice.textContent = state.lifted ? secret.symbols : "";
    $("cup-caption").textContent = state.lifted ? secret.caption + " · " + say("cover") : say("lift");
  }

  function renderActions(table) {
    const box = $("actions");
    const rows = [];
    if (table.status === "lobby") {
      const verbs = [];
      if (table.can_join) verbs.push("join");
      if (table.you !== null) verbs.push("leave");
      if (table.creator) verbs.push("start");
      rows.push(verbs.map((verb) => button(say(verb), () => lobby(verb), "lobby:" + verb)));
    }
    for (const row of table.actions) {
      const compact = row.length > 3;
      rows.push(row.map((item) => button(item.label, () => move(item.action), item.action, compact)));
    }
    box.replaceChildren(...rows.filter((r) => r.length).map((buttons) => {
      const div = element("div", "row");
      div.append(...buttons);
      return div;
    }));
  }

  function button(label, onClick, action, compact) {
    const el = element("button", compact ? "claim" : "", label);
    el.type = "button";
    el.dataset.action = action;
    el.disabled = state.busy;
    el.addEventListener("click", onClick);
    return el;
  }

  async function send(path, body) {
    if (state.busy) return;
    state.busy = true;
    renderActions(state.table);
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
      if (state.table) renderActions(state.table);
    }
  }

  function move(action) {
    return send("/api/tables/" + tableId + "/moves", { action: action, version: state.table.version });
  }

  function lobby(verb) {
    return send("/api/tables/" + tableId + "/lobby", { verb: verb });
  }

  async function refresh() {
    try { render(await api("/api/tables/" + tableId)); } catch (error) { notice(error.message, true); }
  }

  async function follow() {
    let failures = 0;
    for (;;) {
      const after = state.table ? state.table.version : 0;
      try {
        const table = await api("/api/tables/" + tableId + "/wait?after=" + after);
        failures = 0;
        if (!state.table || table.version !== state.table.version) render(table);
        if ($("notice").textContent === say("reconnecting")) notice("");
        if (table.status !== "playing" && table.status !== "lobby") return;
      } catch (error) {
        failures += 1;
        if (error.status === 404 || error.status === 401) { notice(error.message, true); return; }
        notice(say("reconnecting"), true);
        await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 500 * failures)));
      }
    }
  }

  $("cup").addEventListener("click", () => {
    state.lifted = !state.lifted;
    haptic("selection");
    if (state.table) renderCup(state.table.secret);
  });

  function chooseTable(tables) {
    notice(tables.length ? "" : say("no_table"));
    $("actions").replaceChildren(...tables.map((table) => {
      const div = element("div", "row");
      div.append(button("🎲 " + table.title + " · " + table.id, () => {
        tableId = table.id;
        boot();
      }, "open:" + table.id));
      return div;
    }));
  }

  async function boot() {
    notice("…");
    try {
      const me = await api("/api/me");
      state.strings = me.strings;
      $("stats").textContent = say("stats", me.stats);
      document.documentElement.lang = me.language;
      notice(say("connecting"));
      if (!tableId && me.tables.length === 1) tableId = me.tables[0].id;
      if (!tableId) { chooseTable(me.tables); return; }
      render(await api("/api/tables/" + tableId));
      notice("");
      follow();
    } catch (error) {
      notice(error.message, true);
    }
  }

  boot();
})();
