// Drawing one table: the seats round the felt (the game's renderer draws its middle), the
// status, the private panel, the buttons. Everything is redrawn from the payload each time.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, say, element } = shell;
  const SVG = "http://www.w3.org/2000/svg";
  const COLLECTION = document.title;  // the collection's name, as the page was served
  const wide = window.matchMedia ? window.matchMedia("(min-width: 420px)") : null;
  const segmenter = window.Intl && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  let leaveArmed = false;

  // The first character a reader sees: a whole grapheme (👨‍👩‍👧, 🇫🇮, é), never half of one.
  function firstGrapheme(text) {
    const trimmed = text.trim();
    if (!trimmed) return "?";
    if (segmenter) return segmenter.segment(trimmed)[Symbol.iterator]().next().value.segment;
    return Array.from(trimmed)[0];
  }

  function svg(tag, attrs, children) {
    const el = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) el.setAttribute(key, String(value));
    (children || []).forEach((child) => el.append(child));
    return el;
  }

  // What a game's renderer gets: the shell's tools, and its own words.
  function helpersFor(table) {
    return {
      element, say, svg,
      t: (key, vars) => shell.word(table.game, key, vars),
      haptic: shell.haptic,
      move: (action) => shell.move(action),
      names: table.seats.map((seat) => seat.name),
      // A seat's name as a label on the table ("Ada", and "You" for your own seat).
      who: (seat) => (seat === table.you ? say("you") : table.seats[seat].name),
      you: table.you,
      busy: state.busy,
      announce: shell.announce,
      reduced: shell.reducedMotion(),
      fresh: false,
    };
  }

  function render(table) {
    const focused = shell.focusKey();
    state.table = table;
    const renderer = shell.rendererOf(table);
    const h = helpersFor(table);
    $("title").textContent = table.title;
    renderPill(table, renderer, h);
    const drew = renderFelt(table, renderer, h);
    const verify = renderLines(table, drew);
    shell.renderMoment(table, renderer, h);
    if (shell.renderFeed) shell.renderFeed(table);
    if (table.over && table.rating) shell.history(() => shell.renderRating(state.table));
    else $("rating").hidden = true;
    shell.renderPrivate(table, renderer, h);
    renderActions(table);
    const extra = $("extra");
    extra.replaceChildren();
    if (table.public && renderer.extra) renderer.extra(extra, table, h);
    extra.hidden = !extra.childElementCount;
    shell.renderLearn(table, verify);
    if (window.LocalMode) window.LocalMode.rendered(table);
    if (state.turnStarted) shell.bringMoveIntoView();
    state.turnStarted = false;
    shell.flushAnnouncement();
    shell.restoreFocus(focused);
    state.booted = true;
    // For tests and screenshots: which version is drawn, and by whom: "game" (its renderer),
    // "shell" (a game without a renderer: the shell drew it all), "loading" (its renderer is
    // still on its way, and will draw the table again when it comes).
    $("table").dataset.version = String(table.version);
    const loaded = Object.keys(renderer).length > 0;
    $("table").dataset.drawn = !table.renderer ? "shell" : loaded ? "game" : "loading";
  }

  function renderPill(table, renderer, h) {
    const pill = $("pill");
    const me = table.you === null ? null : table.seats[table.you];
    let text, turn = false;
    // At the end, what it means for you, when the game says it in a few words (the card tells the rest).
    if (table.over) text = (table.outcome && table.outcome.text) || table.ending || say("game_over", { name: table.winners.join(", ") });
    else if (table.status === "lobby") text = say("lobby");
    else if (table.status !== "playing") text = say("closed");
    else if (me === null) text = say("spectator");
    else if (table.left) text = say("you_left");
    else if (me.out) text = (table.public && renderer.outStatus && renderer.outStatus(table, h)) || say("you_are_out");
    else if (me.acting) { text = say("your_turn"); turn = true; }
    else {
      const acting = table.seats.filter((seat) => seat.acting).map((seat) => seat.name);
      text = acting.length ? say("waiting_for", { name: acting.join(", ") }) : "";
    }
    pill.textContent = text;
    pill.title = text;
    pill.classList.toggle("turn", turn);
    // Your turn comes: a tap on the hand, and a mark on the browser tab (local mode's tabs).
    const turnKey = turn ? table.id + ":" + table.decision : null;
    if (turnKey && turnKey !== state.turnKey && state.booted) {
      shell.haptic("impact", "light");
      shell.announce(text);
      state.turnStarted = true;
    }
    state.turnKey = turnKey;
    document.title = (turn ? "● " : "") + table.title + " · " + COLLECTION;
  }

  // --- the felt: others round the top, you at the bottom, the game in the middle ----------

  function renderFelt(table, renderer, h) {
    const n = table.seats.length;
    const first = table.you === null ? 0 : table.you + 1;
    const others = [];
    for (let k = 0; k < n; k += 1) {
      const index = (first + k) % n;
      if (index !== table.you) others.push(index);
    }
    const columns = Math.min(others.length, wide && wide.matches ? 6 : 4) || 1;
    const single = others.length <= columns;
    $("seats").style.setProperty("--columns", String(columns));
    $("seats").replaceChildren(...others.map((index, k) => {
      const li = seatCard(table, index, renderer, h);
      const middle = (others.length - 1) / 2;
      const lift = single && others.length > 2 ? Math.round(16 * ((k - middle) / middle) ** 2) : 0;
      li.style.setProperty("--lift", lift + "px");
      return li;
    }));
    const me = $("me");
    me.hidden = table.you === null;
    me.replaceChildren(...(table.you === null ? [] : [seatCard(table, table.you, renderer, h)]));
    const area = $("game-area");
    area.replaceChildren();
    const drew = table.public && renderer.table ? renderer.table(area, table, h) : false;
    area.hidden = !area.childElementCount;
    $("felt").classList.toggle("lobby", table.status === "lobby");
    return drew;
  }

  function seatCard(table, index, renderer, h) {
    const seat = table.seats[index];
    const li = element("li", ["seat", seat.acting ? "acting" : "", seat.out ? "out" : "",
      seat.you ? "you" : "", seat.cpu ? "cpu" : ""].join(" ").replace(/\s+/g, " ").trim());
    li.dataset.seat = String(index);
    li.style.setProperty("--hue", String((index * 67 + 200) % 360));
    const bare = seat.cpu ? seat.name.replace(/^🤖\s*/u, "") : seat.name;
    const avatar = element("span", "avatar", seat.cpu ? "🤖" : firstGrapheme(bare));
    avatar.setAttribute("aria-hidden", "true");
    const who = element("span", "who");
    who.append(element("span", "name", seat.you ? say("you") + " · " + bare : bare));
    const drawn = renderer.badge && table.public ? renderer.badge(table, index, h) : null;
    const badge = drawn instanceof Node ? drawn : element("span", "", drawn || seat.badge);
    badge.classList.add("badge");
    if (badge.textContent) who.append(badge);
    li.title = seat.name + (seat.badge ? " · " + seat.badge : "");
    li.append(avatar, who);
    if (seat.acting) {
      const dots = element("span", "thinking");
      dots.setAttribute("aria-hidden", "true");
      dots.append(element("i"), element("i"), element("i"));
      li.append(dots);
    }
    return li;
  }

  // What the game's renderer drew stays out of the lines: the header stays; a renderer that
  // returns {lines} keeps those (say, whose move it is), {verify} goes to the verify detail.
  // Whatever the renderer, a line that holds a commitment (64 hex digits) goes to "verify".
  function renderLines(table, drew) {
    let lines = table.lines;
    if (drew === true) lines = lines.slice(0, 1);
    else if (drew && Array.isArray(drew.lines)) lines = lines.slice(0, 1).concat(drew.lines);
    const verify = (drew && drew.verify) || [];
    const committed = (line) => /[0-9a-f]{64}/.test(line);
    verify.push(...table.lines.filter((line) => committed(line) && !verify.includes(line)));
    lines = lines.filter((line) => !committed(line));
    $("lines").replaceChildren(...lines.map((line, i) => element("p", i === 0 ? "head" : "", line)));
    return verify;
  }

  // --- buttons -------------------------------------------------------------------------------

  function button(label, onClick, action, style) {
    const el = element("button", style || "primary", label);
    el.type = "button";
    el.dataset.action = action;
    el.disabled = state.busy;
    el.addEventListener("click", onClick);
    return el;
  }

  function renderActions(table) {
    const rows = [];
    const me = table.you === null ? null : table.seats[table.you];
    if (table.status === "lobby") {
      const verbs = [];
      if (table.can_join) verbs.push(["join", "primary"]);
      if (table.creator) verbs.push(["start", "primary"]);
      if (table.you !== null) verbs.push(["leave", "plain"]);
      rows.push(verbs.map(([verb, style]) =>
        button(say(verb), () => shell.lobby(verb), "lobby:" + verb, style)));
    }
    // A large choice comes in steps (steps.js): the step open now, or the first.
    const open = shell.openStep(table);
    if (open) rows.push(shell.stepHead(open));
    for (const row of open ? open.rows : table.actions) {
      const buttons = row.map((item) => item.step !== undefined ? shell.stepButton(item)
        : button(item.label, () => shell.move(item.action), item.action, item.style));
      const choices = row.some((item) => item.style === "choice") &&
        row.every((item) => item.style === "choice" || item.style === "special");
      const specials = row.length > 0 && row.every((item) => item.style === "special");
      buttons.kind = choices ? "choices" : specials ? "specials" : "steps";
      buttons.inStep = !!open;
      rows.push(buttons);
    }
    const watching = me === null || table.left || me.out;
    const finished = table.status !== "lobby" && table.status !== "playing";
    if (table.over && me !== null && !table.left) {
      rows.push([button(say("rematch"), () => shell.lobby("rematch"), "lobby:rematch", "primary")]);
    }
    if (table.over && table.replay) {
      const replay = () => shell.history(() => shell.replayFromTable(table));
      rows.push([button(say("replay"), replay, "replay", "plain")]);
    }
    if (window.LocalMode) rows.push(...window.LocalMode.extraRows(table, button));
    else if (shell.tg && (finished || (table.status === "playing" && watching))) {
      rows.push([button(say("close"), () => shell.tg.close(), "close", "plain")]);
    }
    // Alike choices (claims, bids) flow in one grid, however the game split them in rows; a
    // row of only special ones right after them joins their grid.
    const merged = [];
    for (const row of rows.filter((r) => r.length)) {
      const last = merged[merged.length - 1];
      if (last && last.kind === "choices" && (row.kind === "choices" || row.kind === "specials")) last.push(...row);
      else merged.push(row);
    }
    $("actions").replaceChildren(...merged.map((buttons) => {
      const div = element("div", "row " + (buttons.kind === "choices" ? "choices" : "steps"));
      div.append(...buttons);
      if (buttons.inStep) shell.nameStep(div);
      return div;
    }));
    renderLeave(table, me);
  }

  // Leaving a running game is kept apart from the moves, and takes a second tap.
  function renderLeave(table, me) {
    const box = $("leave");
    const playing = table.status === "playing" && me !== null && !me.out && !table.left;
    box.hidden = !playing;
    if (!playing) { leaveArmed = false; box.replaceChildren(); return; }
    const el = button(say(leaveArmed ? "leave_confirm" : "leave_game"), () => {
      if (!leaveArmed) { leaveArmed = true; render(state.table); return; }
      leaveArmed = false;
      shell.lobby("resign");
    }, "lobby:resign", leaveArmed ? "danger" : "link");
    box.replaceChildren(el);
  }

  Object.assign(shell, { render, renderActions, button, svg });
})();
