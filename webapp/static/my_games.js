// Loaded with replay.js, the first time either is needed (Shell.history in app.js).
// "My games": your tables (and whose turn it is there), then your finished games, each with
// its replay; and back to where it was opened from.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, say, element } = shell;
  const number = (n) => new Intl.NumberFormat(document.documentElement.lang || "en").format(n);
  let openedFrom = null;  // kept while a replay opened from here is shown

  // The browser's own locale where it speaks the page's language (en-GB: 4 Dec 2026), else
  // the page's language: dates the way the reader writes them.
  function locale() {
    const lang = document.documentElement.lang || "en";
    const own = (navigator.languages || []).find((tag) => tag.split("-")[0] === lang.split("-")[0]);
    return own || lang;
  }

  // Where "My games" was opened from (the local page's setup form, a table), to go back to.
  function comingFrom() {
    const from = ["setup", "table"].find((id) => $(id) && !$(id).hidden && (id !== "table" || state.table));
    return from ? { id: from, title: $("title").textContent } : null;
  }

  function goBack(from) {
    $("mygames").hidden = true;
    $(from.id).hidden = false;
    $("title").textContent = from.title;
    if (from.id === "table") {
      shell.render(state.table);
      shell.follow();
    }
  }

  async function showMyGames() {
    shell.stopReplay();
    const from = comingFrom() || openedFrom;
    openedFrom = from;
    state.gen += 1;
    ["table", "setup", "replay"].forEach((id) => { if ($(id)) $(id).hidden = true; });
    const box = $("mygames");
    box.hidden = false;
    $("title").textContent = say("my_games");
    $("pill").textContent = "";
    const back = [];
    if (from) {
      const button = element("button", "link", say("back"));
      button.type = "button";
      button.addEventListener("click", () => goBack(from));
      back.push(element("p", "replay-close"));
      back[0].append(button);
    }
    try {
      const mine = await shell.api("/api/my-games");
      box.replaceChildren(...myGames(mine), ...back);
    } catch (error) {
      box.replaceChildren(element("p", "notice error", error.message), ...back);
    }
  }

  function myGames(mine) {
    const parts = [];
    if (mine.tables.length) {
      parts.push(element("h2", "", say("your_tables")));
      const list = element("ul", "games-list");
      list.append(...mine.tables.map((table) => {
        const li = element("li", table.your_turn ? "turn" : "");
        const open = shell.button(table.title + (table.group ? " · " + table.group : ""),
          () => openTable(table.id), "open:" + table.id, table.your_turn ? "primary" : "plain");
        const who = table.status === "lobby" ? say("lobby") : table.your_turn ? say("your_turn")
          : table.waiting_for.length ? say("waiting_for", { name: table.waiting_for.join(", ") }) : "";
        li.append(open, element("span", "sub", who));
        return li;
      }));
      parts.push(list);
    }
    parts.push(element("h2", "", say("played_games")));
    if (!mine.played.length) parts.push(element("p", "notice", say("no_games")));
    const list = element("ul", "games-list");
    list.append(...mine.played.map((game) => {
      const li = element("li", "");
      const when = new Date(game.finished_at * 1000).toLocaleDateString(locale(), { dateStyle: "medium" });
      const replay = shell.button(say("replay") + " · " + game.title, () => shell.openReplay(game.replay),
        "replay:" + game.replay, "plain");
      const place = game.result || (game.place ? say("place_of", { place: game.place, seats: game.seats }) : "");
      const facts = [when, game.group, place];
      if (game.rating) facts.push(number(game.rating.before) + " → " + number(game.rating.after));
      li.append(replay, element("span", "sub", facts.filter(Boolean).join(" · ")));
      return li;
    }));
    parts.push(list);
    return parts;
  }

  async function openTable(id) {
    state.tableId = id;
    state.gen += 1;
    state.table = null;
    $("mygames").hidden = true;
    $("replay").hidden = true;
    $("table").hidden = false;
    try {
      shell.render(await shell.api("/api/tables/" + id));
      shell.follow();
    } catch (error) {
      shell.notice(error.message, true);
    }
  }

  Object.assign(shell, { showMyGames });
})();
