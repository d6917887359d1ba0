// The Mini App page: one table, as one person may see it. Plain JS, no framework.
// Talks only to our own server (and telegram-web-app.js when inside Telegram).
// Local mode (`python -m webapp --local` marks the page with data-local): no Telegram; each
// browser tab signs in with a name (POST /local/session), then uses the very same API.
"use strict";
(function () {
  const tgApp = window.Telegram && window.Telegram.WebApp;
  const tg = tgApp && tgApp.initData ? tgApp : null;
  const local = !tg && document.body.dataset.local === "1";
  const params = new URLSearchParams(location.search);
  const SESSION = "cupclaim.session", SETUP = "cupclaim.setup";
  let initData = tg ? tg.initData : local ? saved(SESSION) : (params.get("initData") || "");
  let tableId = (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) ||
    params.get("table") || params.get("tgWebAppStartParam") || "";
  const $ = (id) => document.getElementById(id);
  const state = { strings: {}, table: null, secretId: null, lifted: false, busy: false, gen: 0 };

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
    if (local) renderShare(table);
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
    if (local && table.status !== "lobby" && table.status !== "playing") {
      rows.push([button(say("new_game"), () => showSetup(false), "new_game")]);
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
    const gen = state.gen;  // a newer table on this page stops this loop
    let failures = 0;
    for (;;) {
      const after = state.table ? state.table.version : 0;
      try {
        const table = await api("/api/tables/" + tableId + "/wait?after=" + after);
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

  // --- local mode: a setup form, one signed-in person per tab ---------------------------

  // Who you are is per tab (a second tab is a second player); your favourite setup is not.
  function storage(key) { return key === SESSION ? sessionStorage : localStorage; }

  function saved(key) {
    try { return storage(key).getItem(key) || ""; } catch (e) { return ""; }
  }

  function save(key, value) {
    try {
      if (value) storage(key).setItem(key, value); else storage(key).removeItem(key);
    } catch (e) { /* storage off: this page only */ }
  }

  async function loadMe() {
    const me = await api("/api/me");
    Object.assign(state.strings, me.strings);
    state.name = me.first_name;
    $("stats").textContent = say("stats", me.stats);
    return me;
  }

  async function signIn(name) {
    const session = await api("/local/session", { method: "POST", body: JSON.stringify({ name: name }) });
    initData = session.init_data;
    save(SESSION, initData);
    await loadMe();
  }

  function labelled(text, control, className) {
    const label = element("label", className);
    label.append(element("span", "", text), control);
    return label;
  }

  function choices(id, items, value) {
    const select = element("select");
    select.id = id;
    items.forEach((item, index) => {
      const option = element("option", "", item.label);
      option.value = String(index);
      select.append(option);
    });
    pick(select, items, value);
    return select;
  }

  function pick(select, items, value) {
    const index = items.findIndex((item) => item.value === value);
    if (index >= 0) select.selectedIndex = index;
  }

  function buildForm(config) {
    let last = {};
    try { last = JSON.parse(saved(SETUP) || "{}") || {}; } catch (e) { last = {}; }
    if (typeof last !== "object") last = {};
    const fields = $("fields");
    const preset = choices("preset", config.presets, last.preset || config.default_preset);
    fields.append(labelled(say("rules"), preset));
    const settings = config.settings.map((setting) => {
      const select = choices("setting-" + setting.key, setting.choices);
      fields.append(labelled(setting.label, select));
      return [setting, select];
    });
    const followPreset = (values) => {
      const presetValues = config.presets[preset.selectedIndex].settings;
      for (const [setting, select] of settings) {
        pick(select, setting.choices, values && setting.key in values ? values[setting.key] : presetValues[setting.key]);
      }
    };
    followPreset(last.settings);
    preset.addEventListener("change", () => followPreset(null));
    const counts = Array.from({ length: config.max_cpus + 1 }, (_, n) => ({ value: n, label: String(n) }));
    const cpus = choices("cpus", counts, "cpus" in last ? last.cpus : config.defaults.cpus);
    const level = choices("level", config.cpu_levels, last.level || config.defaults.cpu_level);
    const wait = element("input");
    wait.type = "checkbox";
    wait.id = "wait";
    wait.checked = !!last.wait;
    const sync = () => { level.disabled = wait.disabled = cpus.selectedIndex === 0; };
    cpus.addEventListener("change", sync);
    sync();
    fields.append(labelled(say("cpus"), cpus), labelled(say("cpu_level"), level),
      labelled(say("wait_friends"), wait, "check"));
    state.form = () => {
      const values = {
        preset: config.presets[preset.selectedIndex].value,
        settings: {},
        cpus: counts[cpus.selectedIndex].value,
        level: config.cpu_levels[level.selectedIndex].value,
        wait: wait.checked,
      };
      for (const [setting, select] of settings) values.settings[setting.key] = setting.choices[select.selectedIndex].value;
      return values;
    };
  }

  function showSetup(joining) {
    state.gen += 1;  // stop following the old table
    state.table = null;
    state.joining = joining;
    if (!joining) {
      tableId = "";
      history.replaceState(null, "", location.pathname);
    }
    $("table").hidden = true;
    $("setup").hidden = false;
    $("fields").hidden = joining;
    $("pill").textContent = "";
    $("pill").classList.remove("turn");
    $("setup-title").textContent = joining ? say("join_title") : say("setup_title", { game: state.config.title });
    $("go").textContent = say(joining ? "join" : "start");
    if (!$("name").value) $("name").value = state.name || "";
    if (!$("name").value) $("name").focus();
  }

  function showTable(table) {
    state.gen += 1;
    state.table = null;
    $("setup").hidden = true;
    $("table").hidden = false;
    render(table);
    follow();
  }

  async function openTable(join) {
    let table = await api("/api/tables/" + tableId);
    if (join && table.status === "lobby" && table.can_join) {
      table = await api("/api/tables/" + tableId + "/lobby", { method: "POST", body: JSON.stringify({ verb: "join" }) });
    }
    showTable(table);
  }

  function renderShare(table) {
    const open = table.status === "lobby" || table.status === "playing";
    $("share").hidden = !open;
    if (!open) return;
    const url = location.origin + "/?table=" + encodeURIComponent(table.id);
    $("share-text").textContent = say(table.status === "lobby" ? "share_join" : "share_watch");
    $("share-link").href = url;
    $("share-link").textContent = url;
  }

  async function start(event) {
    event.preventDefault();
    const name = $("name").value.trim();
    if (state.busy) return;
    if (!name) { notice(say("name_needed"), true); return; }
    state.busy = true;
    $("go").disabled = true;
    notice("…");
    try {
      if (!initData || name !== state.name) await signIn(name);
      if (state.joining) {
        await openTable(true);
      } else {
        const values = state.form();
        save(SETUP, JSON.stringify(values));
        const body = Object.assign({ preset: values.preset }, values.settings, {
          cpus: Array(values.cpus).fill(values.level),
          start: values.cpus > 0 && !values.wait,
        });
        const created = await api("/local/tables", { method: "POST", body: JSON.stringify(body) });
        tableId = created.table.id;
        history.replaceState(null, "", "?table=" + encodeURIComponent(tableId));
        showTable(created.table);
      }
      notice("");
    } catch (error) {
      if (state.joining && error.status === 404) showSetup(false);  // no such table: a new one
      notice(error.message, true);
    } finally {
      state.busy = false;
      $("go").disabled = false;
      if (state.table) renderActions(state.table);
    }
  }

  async function localBoot() {
    notice("…");
    const config = state.config = await api("/local/config");
    state.strings = config.strings;
    document.documentElement.lang = config.language;
    $("title").textContent = "🎲 " + config.title;
    document.querySelectorAll("[data-s]").forEach((el) => { el.textContent = say(el.dataset.s); });
    buildForm(config);
    $("setup").addEventListener("submit", start);
    if (initData) {
      try {
        await loadMe();
      } catch (error) {
        if (error.status !== 401) throw error;
        initData = "";  // signed by an earlier run of the server: sign in again
        save(SESSION, "");
      }
    }
    notice("");
    if (!tableId || !initData) { showSetup(!!tableId); return; }
    try {
      await openTable(false);
    } catch (error) {
      showSetup(false);
      notice(error.message, true);
    }
  }

  if (local) localBoot().catch((error) => notice(error.message, true));
  else boot();
})();
