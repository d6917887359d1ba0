// Local mode (`python -m webapp --local` marks the page with data-local): no Telegram. Each
// browser tab signs in with a name (POST /local/session), then uses the very same API as the
// Mini App. The setup form offers every game, every one of its settings, and a level per CPU.
"use strict";
(function () {
  const shell = window.Shell;
  if (!shell || document.body.dataset.local !== "1") return;
  const { state, api, say, element, notice } = shell;
  const $ = (id) => document.getElementById(id);
  const SESSION = "tables.session", SETUP = "tables.setup";
  const form = { config: null, joining: false, read: null };

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
    shell.showStats(me.stats);
    return me;
  }

  async function signIn(name) {
    const session = await api("/local/session", { method: "POST", body: JSON.stringify({ name: name }) });
    state.initData = session.init_data;
    save(SESSION, state.initData);
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

  function lastSetup() {
    try {
      const last = JSON.parse(saved(SETUP) || "{}");
      return last && typeof last === "object" ? last : {};
    } catch (e) { return {}; }
  }

  function buildForm() {
    const config = form.config;
    const last = lastSetup();
    const fields = $("fields");
    fields.replaceChildren();
    const games = config.games.map((g) => ({ value: g.name, label: g.title }));
    const gameSelect = choices("game", games, last.game || config.game);
    fields.append(labelled(say("game"), gameSelect));
    const gameFields = element("div", "game-fields");
    fields.append(gameFields);
    const build = () => buildGameFields(gameFields, config.games[gameSelect.selectedIndex],
      last.game === config.games[gameSelect.selectedIndex].name ? last : {});
    gameSelect.addEventListener("change", build);
    build();
  }

  function buildGameFields(box, game, last) {
    const config = form.config;
    box.replaceChildren(element("p", "summary", game.summary));
    const preset = choices("preset", game.presets, last.preset || game.default_preset);
    const described = element("p", "preset-description");
    box.append(labelled(say("rules"), preset), described);
    const settings = game.settings.map((setting) => {
      const select = choices("setting-" + setting.key, setting.choices);
      box.append(labelled(setting.label, select));
      return [setting, select];
    });
    const followPreset = (values) => {
      const chosen = game.presets[preset.selectedIndex];
      described.textContent = chosen.description || "";
      for (const [setting, select] of settings) {
        const value = values && setting.key in values ? values[setting.key] : chosen.settings[setting.key];
        pick(select, setting.choices, value);
      }
    };
    followPreset(last.settings);
    preset.addEventListener("change", () => followPreset(null));
    const options = config.options.map((option) => {
      const value = last.options && option.key in last.options ? last.options[option.key] : config.option_defaults[option.key];
      const select = choices("option-" + option.key, option.choices, value);
      box.append(labelled(option.label, select));
      return [option, select];
    });
    const counts = Array.from({ length: game.max_cpus + 1 }, (_, n) => ({ value: n, label: String(n) }));
    const initial = "cpus" in last ? last.cpus.length : Math.min(config.defaults.cpus, game.max_cpus);
    const cpus = choices("cpus", counts, initial);
    box.append(labelled(say("cpus"), cpus));
    const levels = element("div", "cpu-levels");
    box.append(levels);
    const drawLevels = () => {
      const n = counts[cpus.selectedIndex].value;
      const kept = Array.from(levels.querySelectorAll("select")).map((s) => config.cpu_levels[s.selectedIndex].value);
      levels.replaceChildren(...Array.from({ length: n }, (_, i) => {
        const value = kept[i] || (last.cpus && last.cpus[i]) || config.defaults.cpu_level;
        return labelled(say("cpu_level") + " " + (i + 1), choices("cpu-level-" + i, config.cpu_levels, value));
      }));
    };
    drawLevels();
    const wait = element("input");
    wait.type = "checkbox";
    wait.id = "wait";
    wait.checked = !!last.wait;
    const sync = () => { drawLevels(); wait.disabled = cpus.selectedIndex === 0; };
    cpus.addEventListener("change", sync);
    sync();
    box.append(labelled(say("wait_friends"), wait, "check"));
    form.read = () => {
      const values = {
        game: game.name,
        preset: game.presets[preset.selectedIndex].value,
        settings: {},
        options: {},
        cpus: Array.from(levels.querySelectorAll("select")).map((s) => config.cpu_levels[s.selectedIndex].value),
        wait: wait.checked,
      };
      for (const [setting, select] of settings) values.settings[setting.key] = setting.choices[select.selectedIndex].value;
      for (const [option, select] of options) values.options[option.key] = option.choices[select.selectedIndex].value;
      return values;
    };
  }

  function showSetup(joining) {
    state.gen += 1;  // stop following the old table
    state.table = null;
    form.joining = joining;
    if (!joining) {
      state.tableId = "";
      history.replaceState(null, "", location.pathname);
    }
    $("table").hidden = true;
    $("setup").hidden = false;
    $("fields").hidden = joining;
    $("pill").textContent = "";
    $("pill").classList.remove("turn");
    $("setup-title").textContent = joining ? say("join_title") : say("setup_title");
    $("go").textContent = say(joining ? "join" : "start");
    if (!$("name").value) $("name").value = state.name || "";
    if (!$("name").value) $("name").focus();
  }

  async function openTable(join) {
    let table = await api("/api/tables/" + state.tableId);
    if (join && table.status === "lobby" && table.can_join) {
      table = await api("/api/tables/" + state.tableId + "/lobby", { method: "POST", body: JSON.stringify({ verb: "join" }) });
    }
    shell.showTable(table);
  }

  function rendered(table) {
    const open = table.status === "lobby" || table.status === "playing";
    $("share").hidden = !open;
    if (!open) return;
    const url = location.origin + "/?table=" + encodeURIComponent(table.id);
    $("share-text").textContent = say(table.status === "lobby" ? "share_join" : "share_watch");
    $("share-link").href = url;
    $("share-link").textContent = url;
  }

  function extraRows(table, button) {
    const finished = table.status !== "lobby" && table.status !== "playing";
    const out = table.you === null || table.left || (table.seats[table.you] || {}).out;
    if (finished || (table.status === "playing" && out)) {
      return [[button(say("new_game"), () => showSetup(false), "new_game", "primary")]];
    }
    return [];
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
      if (!state.initData || name !== state.name) await signIn(name);
      if (form.joining) {
        await openTable(true);
      } else {
        const values = form.read();
        save(SETUP, JSON.stringify(values));
        const body = Object.assign({
          game: values.game,
          preset: values.preset,
          settings: values.settings,
          cpus: values.cpus,
          start: values.cpus.length > 0 && !values.wait,
        }, values.options);
        const created = await api("/local/tables", { method: "POST", body: JSON.stringify(body) });
        state.tableId = created.table.id;
        history.replaceState(null, "", "?table=" + encodeURIComponent(state.tableId));
        shell.showTable(created.table);
      }
      notice("");
    } catch (error) {
      if (form.joining && error.status === 404) showSetup(false);  // no such table: a new one
      notice(error.message, true);
    } finally {
      state.busy = false;
      $("go").disabled = false;
      if (state.table) shell.render(state.table);
    }
  }

  async function boot() {
    notice("…");
    state.initData = saved(SESSION);
    const config = form.config = await api("/local/config");
    state.strings = config.strings;
    document.documentElement.lang = config.language;
    $("title").textContent = config.title;
    document.querySelectorAll("[data-s]").forEach((el) => { el.textContent = say(el.dataset.s); });
    buildForm();
    $("setup").addEventListener("submit", start);
    if (state.initData) {
      try {
        await loadMe();
      } catch (error) {
        if (error.status !== 401) throw error;
        state.initData = "";  // signed by an earlier run of the server: sign in again
        save(SESSION, "");
      }
    }
    notice("");
    if (!state.tableId || !state.initData) { showSetup(!!state.tableId); return; }
    try {
      await openTable(false);
    } catch (error) {
      showSetup(false);
      notice(error.message, true);
    }
  }

  window.LocalMode = { rendered, extraRows, showSetup };
  boot().catch((error) => notice(error.message, true));
})();
