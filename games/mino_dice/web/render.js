// Mino Dice in the Mini App: the trick on the felt as it is rolled, bids and tricks won on the
// seats, your dice behind your screen by colour and kind, the trick's result as the moment,
// and the score sheet hand by hand.
"use strict";
(function () {
  const EMOJI = { minotaur: "🐂", griffin: "🦅", mermaid: "🧜", flag: "🏳️" };
  // The six faces of each number die, by face table (games/mino_dice/dice.py FACE_TABLES,
  // which a test holds this to); a creature die shows its creature 4 times and a flag twice.
  const FACES = {
    house: { yellow: ["flag", "flag", "1", "2", "3", "7"], red: ["3", "3", "4", "4", "5", "5"],
      blue: ["5", "5", "5", "6", "6", "6"], black: ["6", "6", "7", "7", "7", "7"] },
    tame: { yellow: ["flag", "flag", "1", "2", "3", "3"], red: ["3", "3", "4", "4", "5", "5"],
      blue: ["5", "5", "5", "6", "6", "6"], black: ["6", "6", "7", "7", "7", "7"] },
  };
  const BEATS = { minotaur: "griffin", griffin: "mermaid", mermaid: "minotaur" };
  let sheetOpen = true;
  let explained = null;  // the kind of die whose faces a tap has shown (kept over redraws)
  let explainedAt = "";  // the hand and trick it was shown at: a new trick closes it
  let heldExplained = null;  // the die of yours a tap explains (kept over redraws)
  let seatExplained = null;  // the seat whose counters a tap explains (kept over redraws)

  // A tap anywhere but on a die or a seat (on an explanation itself, too) closes the
  // explanations it opened: they never stay on the page, reading like news of the trick.
  document.addEventListener("click", (event) => {
    if (event.target.closest(".mino-explain, .item.explains, .mino-badge[role=button]")) return;
    if (explained === null && heldExplained === null && seatExplained === null) return;
    explained = heldExplained = seatExplained = null;
    document.querySelectorAll(".trick-note, .held-note").forEach((el) => { el.hidden = true; });
    document.querySelectorAll(".seat-note").forEach((el) => el.remove());
    document.querySelectorAll(".mino-explain, .item.explains, .mino-badge[role=button]").forEach((el) =>
      el.setAttribute("aria-expanded", "false"));
  });

  function facesOf(kind, table) {
    if (BEATS[kind]) return [kind, kind, kind, kind, "flag", "flag"];
    return (FACES[table] || FACES.house)[kind] || [];
  }

  // Numbers one by one, a creature or flag once with its count: "🏳️×2 1 2 3 7", "🐂×4 🏳️×2".
  function shortFaces(faces) {
    const parts = [];
    faces.forEach((face, i) => {
      if (/^\d+$/.test(face)) parts.push(face);
      // A word joiner keeps "🏳️×2" whole when the line wraps.
      else if (faces[i - 1] !== face) parts.push(EMOJI[face] + "\u2060×\u2060" + faces.filter((f) => f === face).length);
    });
    return parts.join(" ");
  }

  // What a die is, in words: its faces, which creature it beats and which beats it (or how a
  // number wins), and what a flag is.
  function about(h, kind, faces) {
    const parts = [h.t("faces_of", { die: dieName(h, kind), faces: shortFaces(faces) })];
    const by = Object.keys(BEATS).find((other) => BEATS[other] === kind);
    if (BEATS[kind]) parts.push(h.t("creature_beats", { beats: h.t("kind_" + BEATS[kind]), by: h.t("kind_" + by) }));
    else parts.push(h.t("number_die"));
    if (faces.includes("flag")) parts.push(h.t("flag_face"));
    return capital(parts.join(" · "));
  }

  // A line that starts a sentence starts with a capital ("Red 5 beats blue 5: …").
  function capital(line) {
    return line.charAt(0).toLocaleUpperCase() + line.slice(1);
  }

  // An element that is not a button acts as one: a tap, Enter or Space.
  function tappable(el, toggle) {
    el.setAttribute("role", "button");
    el.tabIndex = 0;
    el.addEventListener("click", toggle);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(event); }
    });
  }

  // A rolled die you may tap (or press) to read its faces under the trick.
  function explainable(h, entry, cell, view) {
    const button = h.element("button", "mino-explain");
    button.type = "button";
    button.setAttribute("aria-expanded", String(explained === entry.kind));
    button.setAttribute("aria-label", dieName(h, entry.kind, entry.face) + ": " + h.t("show_faces"));
    const drawn = cell.firstChild;
    drawn.removeAttribute("role");
    drawn.removeAttribute("aria-label");
    button.append(drawn);
    cell.prepend(button);
    button.addEventListener("click", () => {
      explained = explained === entry.kind ? null : entry.kind;
      explainedAt = trickKey(view);
      const area = button.closest(".mino-trick").parentElement;
      area.querySelectorAll(".mino-explain").forEach((other) => other.setAttribute("aria-expanded", "false"));
      button.setAttribute("aria-expanded", String(explained === entry.kind));
      note(h, area, view);
    });
    return cell;
  }

  // The hand and the trick the felt shows: an explanation belongs to it alone.
  function trickKey(view) {
    const showingPast = !view.trick.length && view.tricks.length > 0;
    return view.hand + ":" + (showingPast ? view.tricks.length : view.trick_no);
  }

  // The faces of the die last tapped, over the trick's foot (or nothing): drawn above the
  // page, not in its flow, so it never shifts the trick or your dice.
  function note(h, area, view) {
    let el = area.querySelector(".trick-note");
    if (!el) {
      el = h.element("p", "mino-note trick-note");
      el.setAttribute("aria-live", "polite");
      const trick = area.querySelector(".mino-trick");
      if (trick) trick.append(el); else area.append(el);
    }
    el.textContent = explained ? about(h, explained, facesOf(explained, (view.settings || {}).faces)) : "";
    el.hidden = !explained;
  }

  // A die's name in words: "red", "red 5", "yellow flag", "Minotaur".
  function dieName(h, kind, face) {
    const name = h.t("kind_" + kind);
    if (face === undefined || face === null || face === kind) return name;
    return name + " " + (/^\d+$/.test(String(face)) ? face : h.t("kind_" + face));
  }

  // A die by its kind; with a face once rolled (a number, a creature or a flag). Each colour
  // has a mark of its own too (a shape in the corner): colour is never the only signal.
  function die(h, kind, face, className) {
    const el = h.element("span", "mino-die " + (className || ""));
    el.dataset.kind = kind;
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", dieName(h, kind, face));
    // A die not yet rolled shows no face (a number die a "?"): it is a die you hold, not a roll.
    const shown = face === undefined ? (EMOJI[kind] || "") : (EMOJI[face] || face);
    el.append(h.element("b", face === "flag" ? "flag" : face === undefined ? "unrolled" : "", shown));
    if (face === undefined) el.classList.add("held");
    return el;
  }

  function roll(h, entry, name, className) {
    const cell = h.element("div", "mino-roll " + (className || ""));
    cell.append(die(h, entry.kind, entry.face), h.element("small", "", name));
    return cell;
  }

  function table(el, table, h) {
    const view = table.public;
    if (!view || view.over) return false;
    const head = h.element("div", "mino-head");
    if (view.phase === "bid") {
      const bids = view.has_bid.filter(Boolean).length;
      head.append(h.element("span", "chip", h.t("bids_in", { n: bids, total: view.seats })));
      const hand = h.element("span", "chip mino-hand-size");
      hand.append(h.element("b", "", String(view.hand)), h.element("small", "", h.t("dice_each", { n: view.hand })));
      head.append(hand);  // one row: what the table waits for, and the hand's size
      el.append(head);
    } else {
      // Between two tricks the felt still shows the last one: its own number above it.
      const showingPast = !view.trick.length && view.tricks.length > 0;
      const number = showingPast ? view.tricks.length : view.trick_no;
      head.append(h.element("span", "chip", h.t("trick_of", { trick: number, tricks: view.hand })));
      if (view.follow && !showingPast) {
        const follow = h.element("span", "chip follow");
        const swatch = die(h, view.follow, undefined, "swatch");
        swatch.setAttribute("aria-hidden", "true");
        follow.append(h.element("span", "", h.t("follow")), swatch, h.element("span", "", h.t("kind_" + view.follow)));
        head.append(follow);
      }
      el.append(head);
      const rolls = h.element("div", "mino-trick");
      if (view.trick.length) {
        rolls.dataset.answer = "";  // the trick you follow: kept in view with your move
        rolls.append(...view.trick.map((entry) => explainable(h, entry, roll(h, entry, h.who(entry.seat)), view)));
      } else if (showingPast) {
        const last = view.tricks[view.tricks.length - 1];
        rolls.classList.add("past");
        rolls.append(...last.rolls.map((entry) => explainable(h, entry,
          roll(h, entry, h.who(entry.seat), entry.seat === last.winner ? "won" : ""), view)));
      }
      if (rolls.childElementCount) el.append(rolls);
      if (explained && explainedAt !== trickKey(view)) explained = null;  // the trick moved on
      if (rolls.childElementCount && explained) note(h, el, view);
    }
    if (view.hand === 1) el.append(h.element("p", "mino-legend", h.t("legend")));
    seatNote(h, el, table);
    const verify = (view.commitments || []).map((hash, seat) => h.who(seat) + ": " + hash);
    // The status's last line (what to do), unless it is the only one (the head says it).
    return { lines: table.lines.slice(1).slice(-1), verify: verify };
  }

  // Each seat's bid against the tricks it has won, in words ("bid 2 · won 1"), or whether
  // its bid is in; then its points. Each part says what it counts on a tap (its title).
  function badge(table, index, h) {
    const view = table.public;
    const el = h.element("span", "mino-badge");
    if (!view.over) {
      const bidding = view.phase === "bid";
      const won = bidding ? 0 : view.won[index], bid = bidding ? 0 : view.bids[index];
      const part = h.element("span", bidding ? "" : won === bid ? "on-bid" : won > bid ? "over-bid" : "",
        bidding ? h.t(view.has_bid[index] ? "has_bid" : "bidding") : h.t("bid_won", { bid: bid, won: won }));
      if (!bidding) part.title = h.t("won_of_bid", { won: won, bid: bid });
      el.append(part);
    }
    const score = h.element("span", "", "📊" + minus(view.scores[index]));
    score.title = h.t("points_of", { points: minus(view.scores[index]) });
    el.append(score);
    // A tap (or a key) says what the counters mean, in a line on the felt.
    el.setAttribute("aria-expanded", String(seatExplained === index));
    tappable(el, (event) => {
      event.stopPropagation();
      seatExplained = seatExplained === index ? null : index;
      document.querySelectorAll(".mino-badge[aria-expanded]").forEach((other) =>
        other.setAttribute("aria-expanded", String(other === el && seatExplained === index)));
      seatNote(h, document.getElementById("game-area"), table);
    });
    return el;
  }

  // What a seat's counters mean, under the felt's chips (or nothing).
  function seatNote(h, area, table) {
    if (!area) return;
    let el = area.querySelector(".seat-note");
    const view = table.public;
    if (seatExplained === null || !view || view.over || seatExplained >= view.seats) {
      if (el) el.remove();
      return;
    }
    if (!el) {
      el = h.element("p", "mino-note seat-note");
      el.setAttribute("aria-live", "polite");
      const head = area.querySelector(".mino-head");
      if (head) head.after(el); else area.prepend(el);
    }
    const seat = seatExplained, points = minus(view.scores[seat]);
    el.textContent = view.phase === "bid"
      ? h.t(view.has_bid[seat] ? "seat_has_bid" : "seat_bidding", { name: h.who(seat), points: points })
      : h.t("seat_counts", { name: h.who(seat), bid: view.bids[seat], won: view.won[seat], points: points });
  }

  // A replay's check of the dice a seat is shown holding: each is one of the dice dealt to
  // that seat, as its verified preimage <game>|<hand>|<seat>|d5=flag,d17=6|<salt> says it.
  function proves(info, texts, seat) {
    return texts.some((text) => {
      const parts = text.split("|");
      const dealt = parts[parts.length - 2].split(",").map((die) => die.split("=")[0]);
      return parts[parts.length - 3] === String(seat) && info.items.every((i) => dealt.includes(i.id));
    });
  }

  function item(item, h) {
    const kind = item.attrs.colour || item.attrs.creature;
    const face = h.element("span", "mino-held");
    const drawn = die(h, kind);
    drawn.removeAttribute("role");  // the item (a button or a picture) carries the name
    drawn.removeAttribute("aria-label");
    face.append(drawn, h.element("small", "", item.label.replace(/^\S+\s/u, "")), " ",
      strip(h, kind, (item.attrs.sides || "").split(" ")));
    return face;
  }

  // A die's six faces as a 3×2 strip under it, big enough to read: numbers, its creature, and
  // a flag (⚑, the face that never wins) marked apart. Its name says the same to a reader.
  function strip(h, kind, faces) {
    const grid = h.element("span", "mino-faces");
    grid.dataset.kind = kind;
    grid.setAttribute("aria-hidden", "true");
    // A space between faces (a grid draws none): its text reads as its name says it.
    faces.forEach((face, i) => grid.append(i ? " " : "",
      h.element("i", /^\d+$/.test(face) ? "" : face === "flag" ? "flag" : "creature", glyph(face))));
    return grid;
  }

  // One face as the strip draws it: a number, a creature, or ⚑ for a flag.
  function glyph(face) {
    return face === "flag" ? "⚑" : (EMOJI[face] || face);
  }

  // Your dice explain themselves on a tap while you cannot roll them (bidding, waiting): a
  // die you may roll rolls on a tap, its faces drawn under it all the same.
  function arrange(items, info, h) {
    const held = [...items.querySelectorAll("span.item")];
    if (!held.some((el) => el.dataset.item === heldExplained)) heldExplained = null;
    const note = h.element("p", "mino-note held-note");
    note.setAttribute("aria-live", "polite");
    const show = () => {
      const el = held.find((other) => other.dataset.item === heldExplained);
      note.textContent = el ? about(h, el.dataset.colour || el.dataset.creature, el.dataset.sides.split(" ")) : "";
      note.hidden = !el;
      held.forEach((other) => other.setAttribute("aria-expanded", String(other === el)));
    };
    held.forEach((el) => {
      el.classList.add("explains");
      tappable(el, (event) => {
        event.stopPropagation();
        heldExplained = heldExplained === el.dataset.item ? null : el.dataset.item;
        show();
      });
    });
    items.append(note);
    show();
  }

  // A die of yours by name, then its faces (as shown under it): what a screen reader says.
  function itemName(item, h) {
    const faces = (item.attrs.sides || "").split(" ").map(glyph);
    return dieName(h, item.attrs.colour || item.attrs.creature) + " " + faces.join(" ");
  }

  // The moment: a trick's rolls with its winner, and at a hand's end how everyone did.
  function moment(el, table, h) {
    const events = table.moment.events;
    const tricks = events.filter((e) => e.type === "trick_won");
    const won = tricks[tricks.length - 1];
    const scored = events.find((e) => e.type === "hand_scored");
    const bids = events.find((e) => e.type === "bids_revealed");
    if (!won && !scored && !bids) return { skip: true };  // a new hand: the felt says so
    const view = table.public;
    const playing = view && !view.over && view.phase !== "bid";
    // Once the hand's first trick has a roll, the bids fold away: every seat shows its own.
    if (playing && view.trick.length && bids && !won && !scored) return { skip: true };
    // Once the next trick has a roll, the last one folds to its line: one trick drawn at once.
    // It folds to one short line: who took it, and why (its rolls were on the felt).
    if (playing && view.trick.length && won && !scored) {
      const line = h.element("p", "mino-folded");
      const who = won.winner === null || won.winner === undefined ? h.t("nobody") : h.who(won.winner);
      line.append(h.element("b", "", h.t("trick_went", { trick: won.trick, name: who })), " ",
        yourRoll(h, events, won), capital((table.why || [])[0] || ""));
      el.append(line);
      return { tone: "info", lines: [], why: false };
    }
    // Between two tricks the felt shows the last one: the moment does not draw it again.
    // At a hand's end, its scores are the moment (the last trick is told in a line).
    const onFelt = scored || (playing && won && !view.trick.length && view.tricks.length === won.trick);
    let tone = "info", banner = "";
    if (won && !onFelt) {
      // This trick's rolls: after the trick before it, up to its result (never an earlier hand's).
      const end = events.indexOf(won), start = events.indexOf(tricks[tricks.length - 2]);
      const rolls = events.filter((e, i) => e.type === "rolled" && e.trick === won.trick && i > start && i < end);
      const row = h.element("div", "mino-trick" + (h.fresh ? " fresh" : ""));
      row.append(...rolls.map((entry, i) => {
        const cell = roll(h, entry, h.who(entry.seat), entry.seat === won.winner ? "won" : "");
        cell.style.setProperty("--i", String(i));
        return cell;
      }));
      el.append(row);
    }
    if (won && won.winner === h.you) {
      // A trick that takes you over your bid is bad news, said so (it costs points).
      const over = playing ? view.won[h.you] - view.bids[h.you] : 0;
      tone = over > 0 ? "loss" : "good";
      banner = over > 0 ? h.t("you_take_over", { n: over }) : h.t("you_take");
    }
    if (scored) {
      el.append(results(h, scored));
      const mine = scored.results.find((r) => r.seat === h.you);
      if (mine) {
        const points = mine.points + mine.bonus;
        tone = points > 0 ? "good" : "loss";
        banner = h.t(mine.bid === mine.won ? "exact" : "missed", { points: signed(points) });
      }
    }
    // The results drawn (everyone's row, your banner) are not told again in lines.
    const drawn = scored ? ["📊", "✅", "❌"] : [];
    const story = table.story.filter((line) => !drawn.some((mark) => line.startsWith(mark)));
    if (!table.over || !view || !view.ranking) return { tone: tone, banner: banner, lines: story };
    // The end: every place with its points first, in place of the story's bare list of names
    // and its "🏆 … wins the game" (the banner under it says who won).
    el.prepend(finalRanking(h, view));
    if (scored) el.querySelector(".mino-results").before(h.element("p", "mino-results-head", h.t("hand") + " " + scored.hand));
    const lines = story.filter((line) => !/^[🥇🥈🥉🏆]|^\d+\. /u.test(line));
    return { tone: "info", banner: "", lines: lines };  // the game's winner is the banner
  }

  // What you rolled in a trick, in words ("You rolled red 4. "), or nothing if you did not.
  function yourRoll(h, events, won) {
    const tricks = events.filter((e) => e.type === "trick_won");
    const start = events.indexOf(tricks[tricks.indexOf(won) - 1]), end = events.indexOf(won);
    const mine = events.find((e, i) => e.type === "rolled" && e.seat === h.you && e.trick === won.trick && i > start && i < end);
    return mine ? h.t("you_rolled", { die: dieName(h, mine.kind, mine.face) }) + " " : "";
  }

  function finalRanking(h, view) {
    const list = h.element("ol", "mino-final");
    view.ranking.forEach((seat, i) => {
      const place = view.places ? view.places[i] : i + 1;
      const row = h.element("li", seat === h.you ? "you" : "");
      row.append(h.element("span", "place", ["🥇", "🥈", "🥉"][place - 1] || place + "."),
        h.element("span", "who", h.who(seat)),
        h.element("b", "", h.t("points", { n: view.scores[seat], points: minus(view.scores[seat]) })));
      list.append(row);
    });
    return list;
  }

  // The moment is drawn anew (folded) once the next trick has its first roll.
  function momentKey(table) {
    const view = table.public;
    return view && view.phase !== "bid" && view.trick && view.trick.length ? "next" : "";
  }

  function signed(points) {
    return points > 0 ? "+" + points : minus(points);
  }

  // One minus sign everywhere (U+2212), never a hyphen.
  function minus(points) {
    return String(points).replace("-", "\u2212");
  }

  function results(h, scored) {
    const grid = h.element("div", "mino-results");
    for (const r of scored.results) {
      const row = h.element("div", "row-" + (r.bid === r.won ? "exact" : "off") + (r.seat === h.you ? " you" : ""));
      row.append(h.element("span", "who", h.who(r.seat)), h.element("span", "", h.t("bid_won", { bid: r.bid, won: r.won })),
        h.element("b", "", signed(r.points + r.bonus)));
      grid.append(row);
    }
    return grid;
  }

  // The symbol each kind of die is named by in a tip ("💡 Roll your 🔴 red: …").
  const SYMBOLS = { yellow: "🟡", red: "🔴", blue: "🔵", black: "⚫", minotaur: "🐂",
    griffin: "🦅", mermaid: "🧜" };

  // A guided game's tip points at its one move: the bid it names, or a die of the kind it
  // names (the first symbol in it), is marked on the page. Run once the buttons are drawn.
  function markTip(table) {
    const hint = table.hint || "";
    const view = table.public;
    if (!hint || !view || view.over) return;
    let target = null;
    if (view.phase === "bid") {
      const bid = (hint.match(/\d+/) || [])[0];
      target = bid && document.querySelector(`#actions button[data-action="bid:${bid}"]`);
    } else {
      const found = Object.entries(SYMBOLS).map(([kind, mark]) => [kind, hint.indexOf(mark)])
        .filter(([, at]) => at >= 0).sort((a, b) => a[1] - b[1])[0];
      const kind = found && found[0];
      target = kind && [...document.querySelectorAll("#private button.item")].find((el) =>
        (el.dataset.colour || el.dataset.creature) === kind);
    }
    if (target) target.classList.add("tipped");
  }

  // Under the buttons: the score sheet, hand by hand, with the totals (and a tip's mark).
  function extra(el, table, h) {
    markTip(table);
    const hands = table.history || [];
    if (!hands.length) return;
    const view = table.public;
    const sheet = h.element("details", "mino-sheet");
    sheet.open = sheetOpen || view.over;
    sheet.addEventListener("toggle", () => { sheetOpen = sheet.open; });
    sheet.append(h.element("summary", "", h.t("sheet")));
    const grid = h.element("table");
    const head = h.element("tr");
    const corner = h.element("th", "hand", "#");
    corner.title = h.t("hand");
    head.append(corner, ...h.names.map((name, seat) =>
      h.element("th", seat === h.you ? "you" : "", h.who(seat))));
    grid.append(head);
    for (const hand of hands) {
      const tr = h.element("tr");
      tr.append(h.element("td", "hand", String(hand.hand)));
      for (const r of hand.results) {
        const td = h.element("td", (r.bid === r.won ? "exact" : "off") + (r.seat === h.you ? " you" : ""));
        td.append(h.element("b", "", signed(r.points + r.bonus)), h.element("small", "", r.won + "/" + r.bid));
        tr.append(td);
      }
      grid.append(tr);
    }
    const total = h.element("tr", "total");
    total.append(h.element("td", "hand", "Σ"), ...view.scores.map((score, seat) =>
      h.element("td", seat === h.you ? "you" : "", minus(score))));
    grid.append(total);
    sheet.append(grid, h.element("p", "key", h.t("sheet_key")));
    el.append(sheet);
  }

  window.GameRenderers.register("mino_dice", { table, badge, item, itemName, arrange, moment, momentKey, extra, proves });
})();
