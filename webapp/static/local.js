// Local mode (`python -m webapp --local` marks the page with data-local): no Telegram. Each
// browser tab signs in with a name (POST /local/session), then uses the very same API as the
// Mini App. A tab keeps its person across server restarts; a sign-in that grew old is renewed
// (the same person), and coming back under the same name in this browser is the same person
// again, so a closed tab's seat is yours again when you re-join.
"use strict";
(function () {
  const shell = window.Shell;
  if (!shell || document.body.dataset.local !== "1") return;
  const { state, api, say, notice } = shell;
  const $ = (id) => document.getElementById(id);
  const SESSION = "tables.session", PEOPLE = "tables.people", SETUP = "tables.setup";
  const LAST_NAME = "tables.name";
  // A name of nothing but spaces and invisible characters (zero-width, fillers) is no name.
  const INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Z}\u115f\u1160\u3164\uffa0\u2800]*$/u;
  const local = { config: null, joining: false };

  // Who you are is per tab (a second tab is a second player); the people who played in this
  // browser (by name) and your favourite setup are kept for every tab.
  function store(key) { return key === SESSION ? sessionStorage : localStorage; }
  function saved(key) {
    try { return store(key).getItem(key) || ""; } catch (e) { return ""; }
  }
  function save(key, value) {
    try {
      if (value) store(key).setItem(key, value); else store(key).removeItem(key);
    } catch (e) { /* storage off: this page only */ }
  }
  function people() {
    try { return JSON.parse(saved(PEOPLE) || "{}") || {}; } catch (e) { return {}; }
  }
  function remember(name, initData) {
    const known = people();
    known[name.toLowerCase()] = initData;
    save(PEOPLE, JSON.stringify(known));
  }

  async function loadMe() {
    const me = await api("/api/me");
    Object.assign(state.strings, me.strings);
    state.name = me.first_name;
    shell.showStats(me.stats);
    return me;
  }

  async function session(name, old) {
    const body = old ? { name: name, renew: old } : { name: name };
    const made = await api("/local/session", { method: "POST", body: JSON.stringify(body) });
    state.initData = made.init_data;
    state.name = name;
    save(SESSION, made.init_data);
    save(LAST_NAME, name);
    remember(name, made.init_data);
    return made;
  }

  // Sign in as `name`: the person of that name in this browser if there is one, else new.
  async function signIn(name) {
    const old = people()[name.toLowerCase()] || (name === state.name ? state.initData : "");
    try {
      await session(name, old);
    } catch (error) {
      if (!old || error.status !== 401) throw error;
      await session(name, "");  // signed by a server that no longer exists: a new person
    }
    await loadMe();
  }

  function nameIn(initData) {
    try { return JSON.parse(new URLSearchParams(initData).get("user")).first_name || ""; } catch (e) { return ""; }
  }

  // The tab's sign-in grew old (or the server restarted with its old key): the same person.
  async function renew() {
    const name = state.name || nameIn(state.initData);
    if (!state.initData || !name) return false;
    try {
      await session(name, state.initData);
      return true;
    } catch (error) {
      return false;
    }
  }

  function lastSetup() {
    try {
      const last = JSON.parse(saved(SETUP) || "{}");
      return last && typeof last === "object" ? last : {};
    } catch (e) { return {}; }
  }

  function showSetup(joining) {
    state.gen += 1;  // stop following the old table
    state.table = null;
    local.joining = joining;
    if (!joining) {
      state.tableId = "";
      history.replaceState(null, "", location.pathname);
    }
    $("table").hidden = true;
    $("announce").replaceChildren();  // the old table's last words are not read at the form
    $("setup").hidden = false;
    $("fields").hidden = joining;
    $("tutorial-go").hidden = joining;
    $("pill").textContent = "";
    $("pill").classList.remove("turn");
    $("title").textContent = local.config.title;
    $("setup-title").textContent = joining ? say("join_title") : say("setup_title");
    $("go").textContent = say(joining ? "join" : "start");
    $("join-about").hidden = true;
    nameError("");
    if (!$("name").value) $("name").value = state.name || saved(LAST_NAME);
    if (!$("name").value) $("name").focus();
    if (joining) describeTable();
  }

  // A shared link: which game, and who sits there, above the join form.
  async function describeTable() {
    try {
      const about = await api("/local/tables/" + encodeURIComponent(state.tableId));
      if (!local.joining) return;
      $("title").textContent = about.title;
      $("join-about").textContent = say("at_table", { names: about.seats.join(", ") });
      $("join-about").hidden = !about.seats.length;
    } catch (error) {
      if (error.status === 404) { showSetup(false); notice(error.message, true); }
    }
  }

  // What is wrong with the name, right under it (and said by screen readers).
  function nameError(text) {
    const box = $("name-error");
    box.textContent = text || "";
    box.hidden = !text;
    if (text) $("name").setAttribute("aria-invalid", "true"); else $("name").removeAttribute("aria-invalid");
  }

  // Sitting at a table under a name that already has a seat, joined from another browser:
  // this page watches, and says why and how to get that seat back.
  function explainSeat(table) {
    if (table.you !== null || !state.name) return;
    const mine = state.name.toLowerCase();
    const seat = table.seats.find((s) => !s.cpu && s.name.toLowerCase() === mine);
    if (seat) notice(say("seat_elsewhere", { name: seat.name }));
  }

  async function openTable(join) {
    let table = await api("/api/tables/" + state.tableId);
    if (join && table.status === "lobby" && table.can_join) {
      table = await api("/api/tables/" + state.tableId + "/lobby", { method: "POST", body: JSON.stringify({ verb: "join" }) });
    }
    shell.showTable(table);
    explainSeat(table);
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
      return [[button(say("new_game"), () => showSetup(false), "new_game", finished ? "plain" : "primary")]];
    }
    return [];
  }

  async function start(event, tutorial) {
    if (event) event.preventDefault();
    const name = $("name").value.trim();
    if (state.busy) return;
    if (INVISIBLE.test(name)) { nameError(say("name_needed")); $("name").focus(); return; }
    nameError("");
    state.busy = true;
    $("go").disabled = $("tutorial-go").disabled = true;
    notice("…");
    try {
      if (!state.initData || name !== state.name) {
        try {
          await signIn(name);
        } catch (error) {  // the server refused the name: say why, where the name is
          if (error.status !== 400 && error.status !== 422) throw error;
          notice("");
          nameError(error.message);
          $("name").focus();
          return;
        }
      }
      if (local.joining) {
        await openTable(true);
      } else {
        const values = window.LocalForm.read();
        save(SETUP, JSON.stringify(values));
        const body = tutorial ? { game: values.game, tutorial: true } : Object.assign({
          game: values.game,
          preset: values.preset,
          settings: values.settings,
          cpus: values.cpus,
          start: values.cpus.length > 0 && !values.wait,
        }, values.options);
        const created = await api("/local/tables", { method: "POST", body: JSON.stringify(body) });
        state.tableId = created.table.id;
        history.replaceState(null, "", "?table=" + encodeURIComponent(state.tableId));
        window.scrollTo(0, 0);  // the table from its top: the form was scrolled to its Start
        shell.showTable(created.table);
      }
      notice("");
      if (state.table) explainSeat(state.table);
    } catch (error) {
      if (local.joining && error.status === 404) showSetup(false);  // no such table: a new one
      notice(error.message, true);
    } finally {
      state.busy = false;
      $("go").disabled = $("tutorial-go").disabled = false;
      if (state.table) shell.render(state.table);
    }
  }

  async function boot() {
    notice("…");
    state.initData = saved(SESSION);
    const config = local.config = await api("/local/config");
    state.strings = config.strings;
    shell.applyStrings(config.language);
    window.LocalForm.build(config, lastSetup());
    $("setup").addEventListener("submit", (event) => start(event, false));
    $("tutorial-go").addEventListener("click", () => start(null, true));
    if (state.initData) {
      try {
        const me = await api("/api/me");  // an old sign-in is renewed on the way (renew)
        Object.assign(state.strings, me.strings);
        state.name = me.first_name;
        shell.showStats(me.stats);
      } catch (error) {
        if (error.status !== 401) throw error;
        state.initData = "";  // signed with a key this server does not have: sign in again
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

  window.LocalMode = { rendered, extraRows, showSetup, renew };
  document.addEventListener("DOMContentLoaded", () => boot().catch((error) => notice(error.message, true)));
})();
