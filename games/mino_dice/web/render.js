// Mino Dice in the Mini App: the trick on the felt as it is rolled, bids and tricks won on the
// seats, your dice behind your screen by colour and kind, the trick's result as the moment,
// and the score sheet hand by hand.
"use strict";
(function () {
  const EMOJI = { minotaur: "🐂", griffin: "🦅", mermaid: "🧜", flag: "🏳️" };
  let sheetOpen = true;

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
    const shown = face === undefined ? (EMOJI[kind] || "") : (EMOJI[face] || face);
    el.append(h.element("b", face === "flag" ? "flag" : "", shown));
    if (face === undefined && !EMOJI[kind]) {
      for (let i = 0; i < 3; i += 1) el.append(h.element("i"));
    }
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
      el.append(head);
      const hand = h.element("div", "mino-hand-size");
      hand.append(h.element("b", "", String(view.hand)), h.element("small", "", h.t("dice_each", { n: view.hand })));
      el.append(hand);
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
        rolls.append(...view.trick.map((entry) => roll(h, entry, h.who(entry.seat))));
      } else if (showingPast) {
        const last = view.tricks[view.tricks.length - 1];
        rolls.classList.add("past");
        rolls.append(...last.rolls.map((entry) =>
          roll(h, entry, h.who(entry.seat), entry.seat === last.winner ? "won" : "")));
      }
      if (rolls.childElementCount) el.append(rolls);
    }
    el.append(h.element("p", "mino-legend", h.t("legend")));
    const verify = (view.commitments || []).map((hash, seat) => h.who(seat) + ": " + hash);
    return { lines: table.lines.slice(-1), verify: verify };
  }

  // Tricks won of the bid (or whether the bid is in), then the score: on two lines if narrow.
  function badge(table, index, h) {
    const view = table.public;
    const el = h.element("span", "mino-badge");
    if (!view.over) {
      const status = view.phase === "bid" ? (view.has_bid[index] ? "✓" : "…")
        : "🎯" + view.won[index] + "/" + view.bids[index];
      el.append(h.element("span", "", status));
    }
    el.append(h.element("span", "", "📊" + view.scores[index]));
    return el;
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
    face.append(drawn, h.element("small", "", item.label.replace(/^\S+\s/u, "")));
    return face;
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
    // Once the next trick has a roll, the last one folds to its line: one trick drawn at once.
    if (playing && view.trick.length && won && !scored) return { tone: "info", lines: table.story.slice(0, 1) };
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
    if (won && won.winner === h.you) { tone = "good"; banner = h.t("you_take"); }
    if (scored) {
      el.append(results(h, scored));
      const mine = scored.results.find((r) => r.seat === h.you);
      if (mine) {
        const points = mine.points + mine.bonus;
        tone = points > 0 ? "good" : "loss";
        banner = h.t(mine.bid === mine.won ? "exact" : "missed", { points: signed(points) });
      }
    } else if (bids) {
      const list = h.element("div", "mino-bids");
      list.append(...bids.bids.map((bid, seat) => {
        const chip = h.element("span", "chip" + (seat === h.you ? " you" : ""));
        chip.append(h.element("small", "", h.who(seat)), h.element("b", "", String(bid)));
        return chip;
      }));
      el.append(list);
    }
    // The results drawn (everyone's row, your banner) are not told again in lines.
    const drawn = scored ? ["📊", "✅", "❌"] : bids ? ["🎯"] : [];
    const lines = table.story.filter((line) => !drawn.some((mark) => line.startsWith(mark)));
    return { tone: tone, banner: banner, lines: lines };
  }

  // The moment is drawn anew (folded) once the next trick has its first roll.
  function momentKey(table) {
    const view = table.public;
    return view && view.phase !== "bid" && view.trick && view.trick.length ? "next" : "";
  }

  function signed(points) {
    return points > 0 ? "+" + points : String(points).replace("-", "−");
  }

  function results(h, scored) {
    const grid = h.element("div", "mino-results");
    for (const r of scored.results) {
      const row = h.element("div", "row-" + (r.bid === r.won ? "exact" : "off") + (r.seat === h.you ? " you" : ""));
      row.append(h.element("span", "who", h.who(r.seat)), h.element("span", "", r.won + "/" + r.bid),
        h.element("b", "", signed(r.points + r.bonus)));
      grid.append(row);
    }
    return grid;
  }

  // Under the buttons: the score sheet, hand by hand, with the totals.
  function extra(el, table, h) {
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
      h.element("td", seat === h.you ? "you" : "", String(score))));
    grid.append(total);
    sheet.append(grid);
    el.append(sheet);
  }

  window.GameRenderers.register("mino_dice", { table, badge, item, moment, momentKey, extra, proves });
})();
