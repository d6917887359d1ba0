// Myllymatti in the Mini App: the stock and the trump card, the trick as it builds and the
// tied cards on the felt, your hand by suit and rank (trump marked, playable cards raised),
// and each trick's result as the moment.
"use strict";
(function () {
  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const RANKS = { t: "10", j: "J", q: "Q", k: "K", a: "A" };

  // A card from its id ("qh", "ts"), or a face-down back.
  function card(h, id, trump, className) {
    const el = h.element("span", "myl-card " + (className || ""));
    if (!id) {
      el.classList.add("back");
      return el;
    }
    const suit = id[1];
    el.dataset.suit = suit;
    if (suit === "d" || suit === "h") el.classList.add("red");
    if (trump && suit === trump) el.classList.add("trump");
    el.append(h.element("b", "rank", RANKS[id[0]] || id[0]), h.element("span", "suit", SUITS[suit]));
    return el;
  }

  function played(h, entry, trump, className) {
    const cell = h.element("div", "myl-played " + (className || ""));
    cell.append(card(h, entry.card, trump), h.element("small", "", h.names[entry.seat]));
    return cell;
  }

  function table(el, table, h) {
    const view = table.public;
    if (!view || view.over) return false;
    const row = h.element("div", "myl-felt");
    const side = h.element("div", "myl-side");
    if (view.phase === "collect") {
      const stock = h.element("div", "myl-stock");
      const pile = card(h, null, null, "pile");
      pile.append(h.element("em", "", String(view.stock)));
      stock.append(pile, h.element("small", "", h.t("stock")));
      side.append(stock);
    }
    if (view.face_up) {
      const up = h.element("div", "myl-stock");
      up.append(card(h, view.face_up, view.trump, "face-up"), h.element("small", "", h.names[view.face_up_seat]));
      side.append(up);
    }
    if (view.trump) side.append(h.element("span", "myl-trump" + (/[dh]/.test(view.trump) ? " red" : ""),
      h.t("trump", { suit: SUITS[view.trump] })));
    row.append(side);
    const trick = h.element("div", "myl-trick" + (view.phase === "shed" ? " shed" : ""));
    if (view.phase === "collect") {
      const leader = view.trick[0];
      trick.append(leader ? played(h, leader, view.trump) : slot(h, view.leader));
      trick.append(h.element("span", "vs", "→"));
      trick.append(view.trick[1] ? played(h, view.trick[1], view.trump) : slot(h, view.opponent));
    } else {
      view.trick.forEach((entry, i) => {
        trick.append(played(h, entry, view.trump, i === view.trick.length - 1 ? "top" : ""));
      });
      if (view.trick.length) trick.append(h.element("span", "chip", view.trick.length + "/" + view.trick_size));
    }
    row.append(trick);
    el.append(row);
    if (view.tied.length) {
      const tied = h.element("div", "myl-tied");
      tied.append(h.element("small", "", "🤝 " + h.t("tied")),
        ...view.tied.map((entry) => card(h, entry.card, view.trump, "small")));
      el.append(tied);
    }
    const verify = view.commitment ? table.lines.filter((line) => line.includes(view.commitment)) : [];
    const prompt = table.lines.filter((line) => !verify.includes(line)).slice(-1);
    return { lines: prompt.length > 0 && table.lines.length > 1 ? prompt : [], verify: verify };
  }

  function slot(h, seat) {
    const cell = h.element("div", "myl-played waiting");
    cell.append(h.element("span", "myl-card slot"), h.element("small", "", seat === null ? "" : h.names[seat]));
    return cell;
  }

  function badge(table, index, h) {
    const view = table.public;
    const seat = table.seats[index];
    if (view.over || seat.out || view.loser === index) return seat.badge;
    const parts = ["✋" + view.hand_counts[index]];
    if (view.phase === "collect") parts.push("📥" + view.won_counts[index]);
    if (view.face_up_seat === index) parts.push("⭐");
    return parts.join(" ");
  }

  function item(item, h) {
    return card(h, item.id, item.attrs.trump === "1" ? item.attrs.suit : null);
  }

  // Your hand, suit by suit: a little space where one suit ends and the next begins.
  function arrange(items) {
    let last = null;
    for (const el of items.children) {
      if (last !== null && el.dataset.suit !== last) el.classList.add("myl-new-suit");
      last = el.dataset.suit;
    }
  }

  function moment(el, table, h) {
    const events = table.moment.events;
    const view = table.public || {};
    const trump = view.trump;
    const won = events.find((e) => e.type === "trick_won");
    const tied = events.find((e) => e.type === "tied");
    const last = events.find((e) => e.type === "last_card");
    const plays = events.filter((e) => e.type === "played");
    let tone = "info", banner = "";
    if (won || tied) {
      const pair = plays.slice(-2);
      const row = h.element("div", "myl-trick" + (h.fresh ? " fresh" : ""));
      pair.forEach((entry, i) => {
        const winner = won && entry.seat === won.seat;
        row.append(played(h, entry, trump, winner ? "won" : ""));
        if (i === 0) row.append(h.element("span", "vs", tied ? "🤝" : "→"));
      });
      el.append(row);
      if (won && won.tied && won.tied.length) {
        const extra = h.element("div", "myl-tied");
        extra.append(h.element("small", "", "+"), ...won.tied.map((id) => card(h, id, trump, "small")));
        el.append(extra);
      }
      if (won && won.seat === h.you) { tone = "good"; banner = h.t("you_take"); }
    }
    if (last) {
      const shown = h.element("div", "myl-stock");
      shown.append(card(h, last.card, last.card[1], "face-up"),
        h.element("span", "myl-trump", h.t("trump", { suit: SUITS[last.card[1]] })));
      el.append(shown);
    }
    if (events.some((e) => e.type === "went_out" && e.seat === h.you)) { tone = "good"; banner = h.t("safe"); }
    if (events.some((e) => e.type === "lost" && e.seat === h.you)) { tone = "loss"; banner = h.t("loser"); }
    return { tone: tone, banner: banner };
  }

  window.GameRenderers.register("myllymatti", { table, badge, item, arrange, moment });
})();
