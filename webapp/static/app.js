// The Mini App page: one table, as one person may see it. Plain JS, no framework.
// A game-agnostic shell in a few files: this one talks to the server and keeps the state;
// draw.js draws the table (seats round the felt, status, private panel, buttons), moment.js
// the latest reveal or result, learn.js "How to play", verify and the footer. Each game's
// own renderer (/games/<name>/render.js) draws its part of the felt, its moment, its items.
// Talks only to our own server (and telegram-web-app.js when inside Telegram).
"use strict";
(function () {
  const tgApp = window.Telegram && window.Telegram.WebApp;
  const tg = tgApp && tgApp.initData ? tgApp : null;
  const local = !tg && document.body.dataset.local === "1";
  const params = new URLSearchParams(location.search);
  const $ = (id) => document.getElementById(id);
  const state = {
    strings: {}, table: null, busy: false, gen: 0, booted: false,
    initData: tg ? tg.initData : "",
    tableId: (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) ||
      params.get("table") || params.get("replay") || params.get("tgWebAppStartParam") || "",
  };
  const renderers = {};
  const loading = {};
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

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
    let text = key in state.strings ? state.strings[key] : key;
    for (const [name, value] of Object.entries(vars || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  }

  // A word of the game's own renderer ("<game>.<key>"); with a count, its plural form.
  function word(game, key, vars) {
    const count = vars && typeof vars.n === "number" ? vars.n : null;
    const plural = game + "." + key + ".n";
    return say(count !== null && count !== 1 && plural in state.strings ? plural : game + "." + key, vars);
  }

  async function request(path, options) {
    const response = await fetch(path, Object.assign({
      headers: { "Authorization": "tma " + state.initData, "Content-Type": "application/json" },
    }, options || {}));
    let body = null;
    try { body = await response.json(); } catch (e) { body = null; }
    if (!response.ok) {
      const error = new Error((body && body.error && body.error.message) || response.statusText);
      error.code = body && body.error && body.error.code;
      error.status = response.status;
      error.retryAfter = Number(response.headers.get("Retry-After")) || 0;
      throw error;
    }
    return body;
  }

  // Every call of the API: a sign-in that grew old is renewed once (local mode: the same
  // person again; in Telegram: initData as Telegram holds it now), then the call is retried.
  async function api(path, options) {
    try {
      return await request(path, options);
    } catch (error) {
      if (error.status !== 401 || path.startsWith("/local/") || !(await renew())) throw error;
      return request(path, options);
    }
  }

  async function renew() {
    if (local && window.LocalMode) return window.LocalMode.renew();
    const fresh = tgApp && tgApp.initData;
    if (fresh && fresh !== state.initData) { state.initData = fresh; return true; }
    return false;
  }

  function notice(text, isError, retry) {
    const el = $("notice");
    el.replaceChildren(document.createTextNode(text || ""));
    el.classList.toggle("error", !!isError);
    if (retry) {
      const again = element("button", "link", say("reload"));
      again.type = "button";
      again.addEventListener("click", () => location.reload());
      el.append(" ", again);
    }
  }

  // The live region: your turn and each reveal, said once and briefly (what the screen
  // shows otherwise is not read out again at every update).
  const spoken = [];
  function announce(text, first) {
    if (!text) return;
    if (first) spoken.unshift(text); else spoken.push(text);
  }
  function flushAnnouncement() {
    if (!spoken.length) return;
    // A new node each time: read out even when the words are the same as last time.
    $("announce").replaceChildren(document.createTextNode(spoken.splice(0).join(" ")));
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
      if (state.table && state.table.game === name) shell.render(state.table);
    },
  };

  function rendererOf(table) {
    const name = table.game;
    if (table.renderer && !renderers[name] && !loading[name]) {
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
    return renderers[name] || {};
  }

  // --- talking to the server ----------------------------------------------------------------

  async function send(path, body) {
    if (state.busy) return;
    state.busy = true;
    shell.render(state.table);
    haptic("impact", "medium");
    try {
      const table = await api(path, { method: "POST", body: JSON.stringify(body) });
      haptic("notify", "success");
      notice("");
      shell.render(table);
      follow();  // a rematch or a join: make sure this page goes on following
    } catch (error) {
      // Two players asked for a rematch at once: the other one's started it, nothing to say.
      const raced = body.verb === "rematch" && error.code === "not_finished";
      if (!raced) {
        haptic("notify", "error");
        notice(error.message, true);
      }
      refresh();
    } finally {
      state.busy = false;
      if (state.table) shell.render(state.table);
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
    try { shell.render(await api("/api/tables/" + state.tableId)); } catch (error) { notice(error.message, true); }
  }

  // The update loop: one per table shown. It goes on after a game ends (anyone seated may
  // start a rematch, and every tab must learn of it); only a closed table ends it.
  async function follow() {
    const gen = state.gen;  // a newer table on this page stops this loop
    if (state.following === gen) return;
    state.following = gen;
    try {
      await followLoop(gen);
    } finally {
      if (state.following === gen) state.following = null;
    }
  }

  const FOLLOWED = ["lobby", "playing", "finished"];

  async function followLoop(gen) {
    let failures = 0;
    for (;;) {
      const after = state.table ? state.table.version : 0;
      try {
        // After a failure, ask for the table at once (a long poll would keep "Connection
        // lost" on the screen until the table next moves), then wait for changes again.
        const path = "/api/tables/" + state.tableId + (failures ? "" : "/wait?after=" + after);
        const table = await api(path);
        if (gen !== state.gen) return;
        if (failures) notice("");
        failures = 0;
        if (!state.table || table.version !== state.table.version) shell.render(table);
        if (!FOLLOWED.includes(table.status)) return;
      } catch (error) {
        if (gen !== state.gen) return;
        failures += 1;
        if (error.status === 404) {
          if (!state.table || FOLLOWED.slice(0, 2).includes(state.table.status)) notice(error.message, true);
          return;  // a finished table that was cleared away says nothing
        }
        if (error.status === 401) {
          if (tg) await expired(); else notice(error.message, true);
          return;
        }
        if (error.status === 429) {
          // This person's other tabs hold the waits the server allows: the connection is
          // fine (no "connection lost"). Read the table now, and wait again when told.
          failures -= 1;
          try {
            const table = await api("/api/tables/" + state.tableId);
            if (gen !== state.gen) return;
            if (!state.table || table.version !== state.table.version) shell.render(table);
          } catch (e) { /* the next round tells */ }
          await new Promise((resolve) => setTimeout(resolve, 1000 * (error.retryAfter || 5)));
          continue;
        }
        notice(say("reconnecting"), true);
        await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 500 * failures)));
      }
    }
  }

  function applyStrings(language) {
    if (language) document.documentElement.lang = language;
    document.querySelectorAll("[data-s]").forEach((el) => { el.textContent = say(el.dataset.s); });
    document.querySelectorAll("[data-s-label]").forEach((el) => {
      el.setAttribute("aria-label", say(el.dataset.sLabel));
      el.title = say(el.dataset.sLabel);
    });
  }

  async function boot() {
    notice("…");
    try {
      const me = await api("/api/me");
      state.strings = me.strings;
      applyStrings(me.language);
      shell.showStats(me.stats);
      notice(say("connecting"));
      if (REPLAY_ID.test(state.tableId)) {  // "<table>-<n>": a game's replay
        notice("");
        history(() => shell.openReplay(state.tableId));
        return;
      }
      if (!state.tableId && me.tables.length === 1) state.tableId = me.tables[0].id;
      if (!state.tableId) {
        notice("");
        history(() => shell.showMyGames());
        return;
      }
      shell.render(await api("/api/tables/" + state.tableId));
      notice("");
      follow();
    } catch (error) {
      if (tg && error.status === 401) await expired();
      else notice(error.message, true);
    }
  }

  // Inside Telegram a refused sign-in is an old page: say so (in the person's language, though
  // the page has no words yet), and offer to load it again.
  async function expired() {
    try {
      const code = (tg.initDataUnsafe && tg.initDataUnsafe.user || {}).language_code || "";
      const words = await request("/api/strings?language=" + encodeURIComponent(code));
      state.strings = words.strings;
      applyStrings(words.language);
    } catch (e) { /* keep the server's own words */ }
    notice(say("expired"), true, true);
  }

  // Replays, My games and the rating at a game's end (replay.js, my_games.js, replay.css) are
  // loaded the first time they are needed: a page at a running table never pays for them.
  const REPLAY_ID = /^[a-z2-9]{10}-[1-9][0-9]{0,5}$/;
  let historyLoaded = null;
  function loaded(src) {
    return new Promise((resolve, reject) => {
      const script = element("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
  }
  function history(then) {
    if (!historyLoaded) {
      const css = element("link");
      css.rel = "stylesheet";
      css.href = "/static/replay.css";
      document.head.append(css);
      historyLoaded = Promise.all([loaded("/static/replay.js"), loaded("/static/my_games.js"),
        loaded("/static/analysis.js")])
        .catch(() => { historyLoaded = null; throw new Error(say("reconnecting")); });
    }
    return historyLoaded.then(then).catch((error) => notice(error.message, true));
  }
  $("mygames-link").addEventListener("click", () => history(() => shell.showMyGames()));

  // What the drawing files, the renderers (as helpers) and local mode (local.js) share.
  const shell = window.Shell = {
    state, tg, local, $, api, say, word, element, notice, haptic, move, lobby, follow,
    refresh, applyStrings, rendererOf, announce, flushAnnouncement, history,
    reducedMotion: () => !!(reduced && reduced.matches),
    render() {}, showStats() {}, button() {},
    showTable(table) {
      state.gen += 1;
      state.table = null;
      $("setup").hidden = true;
      $("table").hidden = false;
      shell.render(table);
      follow();
    },
  };

  if (!local) document.addEventListener("DOMContentLoaded", boot);
})();
