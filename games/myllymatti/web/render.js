// Myllymatti in the Mini App: the stock and the trump card, the trick as it builds and the
// tied cards on the felt, your hand by suit and rank (trump marked, playable cards raised),
// and each trick's result as the moment.
"use strict";
(function () {
  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const RANKS = { t: "10", j: "J", q: "Q", k: "K", a: "A" };
  const ORDER = "23456789tjqka";  // phase 1 compares ranks only

  // A card's name for screen readers: "Q of hearts", "7 of clubs, trump".
  function cardName(h, id, trump) {
    const rank = RANKS[id[0]] || id[0];  // the letter shown ("K"): what a voice names it by
    const name = h.t("card_name", { rank: rank, suit: h.t("suit_" + id[1]) });
    return trump && id[1] === trump ? h.t("card_trump", { card: name }) : name;
  }

  // A card from its id ("qh", "ts"), or a face-down back. Red suits differ from black ones by
  // their symbol too (♥♦ against ♣♠), and a trump card by its star, never by colour alone.
  function card(h, id, trump, className) {
    const el = h.element("span", "myl-card " + (className || ""));
    if (!id) {
      el.classList.add("back");
      el.setAttribute("aria-hidden", "true");
      return el;
    }
    const suit = id[1];
    el.dataset.suit = suit;
    el.dataset.card = id;
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(h, id, trump));
    if (suit === "d" || suit === "h") el.classList.add("red");
    if (trump && suit === trump) el.classList.add("trump");
    el.append(h.element("b", "rank", RANKS[id[0]] || id[0]), h.element("span", "suit", SUITS[suit]));
    return el;
  }

  function trumpChip(h, suit) {
    const chip = h.element("span", "myl-trump" + (/[dh]/.test(suit) ? " red" : ""),
      h.t("trump", { suit: SUITS[suit] }));
    chip.setAttribute("aria-label", h.t("trump", { suit: h.t("suit_" + suit) }));
    return chip;
  }

  function played(h, entry, trump, className) {
    const cell = h.element("div", "myl-played " + (className || ""));
    cell.append(card(h, entry.card, trump), h.element("small", "", h.who(entry.seat)));
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
      pile.removeAttribute("aria-hidden");
      pile.append(h.element("em", "", String(view.stock)));
      stock.append(pile, h.element("small", "", h.t("stock")));
      side.append(stock);
    }
    if (view.face_up) {
      const up = h.element("div", "myl-stock");
      // The trump card lies before its owner: starred, never read as a card just played.
      up.append(card(h, view.face_up, view.trump, "face-up"), h.element("small", "", "⭐ " + h.who(view.face_up_seat)));
      side.append(up);
    }
    if (view.trump) side.append(trumpChip(h, view.trump));
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
      if (view.trick.length) {
        // How full the trick is: a full trick (one card per player holding) is set aside.
        const fill = h.element("span", "chip", h.t("trick_fill", { n: view.trick.length, size: view.trick_size }));
        fill.title = h.t("trick_fill_why", { size: view.trick_size });
        trick.append(fill);
      }
    }
    if (view.trick.length) trick.dataset.answer = "";  // what you must beat: kept in view
    row.append(trick);
    el.append(row);
    if (view.tied.length) {
      const tied = h.element("div", "myl-tied");
      tied.append(h.element("small", "", "🤝 " + h.t("tied")),
        ...view.tied.map((entry) => card(h, entry.card, view.trump, "small")));
      el.append(tied);
    }
    // What a chance does, beside the button that takes it; else what the seats' counters say.
    const chance = (table.actions || []).some((row) => row.some((button) => button.action === "chance"));
    if (chance) el.append(h.element("p", "myl-help", h.t("chance_help")));
    else if (view.phase === "collect") el.append(h.element("p", "myl-help", h.t("legend")));
    const verify = view.commitment ? table.lines.filter((line) => line.includes(view.commitment)) : [];
    const prompt = table.lines.filter((line) => !verify.includes(line)).slice(-1);
    return { lines: prompt.length > 0 && table.lines.length > 1 ? prompt : [], verify: verify };
  }

  function slot(h, seat) {
    const cell = h.element("div", "myl-played waiting");
    cell.append(h.element("span", "myl-card slot"), h.element("small", "", seat === null ? "" : h.who(seat)));
    return cell;
  }

  function badge(table, index, h) {
    const view = table.public;
    const seat = table.seats[index];
    if (view.over || seat.out || view.loser === index) return seat.badge;
    const parts = ["🃏" + view.hand_counts[index]];
    if (view.phase === "collect") parts.push("📥" + view.won_counts[index]);
    if (view.face_up_seat === index) parts.push("⭐");
    return parts.join(" ");
  }

  // A replay's check of the cards a seat is shown holding: each is in the shuffled deck, as
  // its verified preimage <game>|<card>,<card>,…|<salt> says it.
  function proves(info, texts) {
    return texts.some((text) => {
      const deck = text.split("|").slice(-2)[0].split(",");
      return info.items.every((i) => deck.includes(i.id));
    });
  }

  function item(item, h) {
    const drawn = card(h, item.id, item.attrs.trump === "1" ? item.attrs.suit : null);
    drawn.removeAttribute("role");  // the item (a button or a picture) carries the name
    drawn.removeAttribute("aria-label");
    return drawn;
  }

  function itemName(item, h) {
    return cardName(h, item.id, item.attrs.trump === "1" ? item.attrs.suit : null);
  }

  // Out of the game: safe (shed every card), or the Myllymatti.
  function outStatus(table, h) {
    const view = table.public || {};
    return view.loser === table.you ? h.t("loser") : h.t("safe");
  }

  // Your hand, suit by suit: a little space where one suit ends and the next begins.
  function arrange(items) {
    let last = null;
    for (const el of items.children) {
      if (last !== null && el.dataset.suit !== last) el.classList.add("myl-new-suit");
      last = el.dataset.suit;
    }
  }

  // The trick a "trick_won" or "tied" event closed, in play order, from the event alone: the
  // leader's card first; a won trick's winner holds the higher rank.
  function trickOf(event) {
    if (event.type === "tied") {
      return [{ seat: event.leader, card: event.cards[0] }, { seat: event.opponent, card: event.cards[1] }];
    }
    const [first, second] = event.cards;
    const firstWins = ORDER.indexOf(first[0]) > ORDER.indexOf(second[0]);
    const leader = firstWins ? event.seat : event.other;
    return [{ seat: leader, card: first }, { seat: leader === event.seat ? event.other : event.seat, card: second }];
  }

  function moment(el, table, h) {
    const events = table.moment.events;
    const view = table.public || {};
    const trump = view.trump;
    const closing = events.filter((e) => e.type === "trick_won" || e.type === "tied");
    const close = closing[closing.length - 1];
    const won = close && close.type === "trick_won" ? close : null;
    const tied = close && close.type === "tied" ? close : null;
    const last = events.find((e) => e.type === "last_card");
    const after = close ? events.indexOf(closing[closing.length - 2]) : -1;
    const chances = events.filter((e, i) => e.type === "played" && e.chance && i > after);
    const chanced = (entry) => chances.some((e) => e.seat === entry.seat && e.card === entry.card);
    const two = events.find((e) => e.type === "phase_two");
    // Once the next trick has a card, the last outcome folds to its lines: one trick drawn.
    if (folds(table)) return { tone: "info", lines: foldedLines(table, two) };
    let tone = "info", banner = "";
    if (two && two.trump_card) {  // phase 2: the trump card joins its owner's hand
      const shown = h.element("div", "myl-stock");
      shown.append(card(h, two.trump_card, two.trump, "face-up"),
        h.element("small", "", "⭐ " + h.who(two.trump_owner)));
      el.append(shown);
    } else if (won || tied) {
      const row = h.element("div", "myl-trick" + (h.fresh ? " fresh" : ""));
      trickOf(close).forEach((entry, i) => {
        const winner = won && entry.seat === won.seat;
        const cell = played(h, entry, trump, (winner ? "won" : "") + (chanced(entry) ? " chance" : ""));
        row.append(cell);
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
    if (!close && chances.length) {  // a chance taken, the trick still open
      const row = h.element("div", "myl-trick" + (h.fresh ? " fresh" : ""));
      row.append(...chances.map((entry) => played(h, entry, trump, "chance")));
      el.append(row);
    }
    if (last) {
      const shown = h.element("div", "myl-stock");
      shown.append(card(h, last.card, last.card[1], "face-up"), trumpChip(h, last.card[1]));
      el.append(shown);
    }
    if (events.some((e) => e.type === "went_out" && e.seat === h.you)) { tone = "good"; banner = h.t("safe"); }
    if (events.some((e) => e.type === "lost" && e.seat === h.you)) { tone = "loss"; banner = h.t("loser"); }
    return { tone: tone, banner: banner };
  }

  // A trick's outcome (or phase 2's start) is folded once a card of the next trick is down.
  function folds(table) {
    const view = table.public;
    const events = table.moment.events;
    const closes = events.some((e) => ["trick_won", "tied", "set_aside", "picked_up", "phase_two"].includes(e.type));
    return !!view && !view.over && view.trick.length > 0 && closes && !events.some((e) => e.type === "went_out");
  }

  // Folded: phase 2's first lines (its start, the trump card), or the outcome's first line.
  function foldedLines(table, two) {
    if (two) return table.story.filter((line) => line.startsWith("2️⃣") || line.startsWith("⭐"));
    return table.story.slice(0, 1);
  }

  function momentKey(table) {
    return table.moment && folds(table) ? "next" : "";
  }

  window.GameRenderers.register("myllymatti", { table, badge, item, itemName, arrange, moment, momentKey, outStatus, proves });
})();
