// Myllymatti in the Mini App: the stock and the trump card, the trick as it builds and the
// tied cards on the felt, your hand by suit and rank (trump marked, playable cards raised),
// and each trick's result as the moment.
"use strict";
(function () {
  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const RANKS = { t: "10", j: "J", q: "Q", k: "K", a: "A" };
  const ORDER = "23456789tjqka";  // phase 1 compares ranks only
  const BIG = 8;  // a hand of more cards is drawn with smaller ones (and without its head)
  let words = {};  // what each tappable piece means, for this drawing
  let hint = "";  // a guided game's tip: the card it names is marked in your hand

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
    // A chance's card came from the stock, unseen: its label says so ("🍀 Ada").
    const who = (entry.chance ? "🍀 " : "") + h.who(entry.seat);
    cell.append(card(h, entry.card, trump), h.element("small", "", who));
    return cell;
  }

  // A piece of the table that says what it is on a tap (the stock, the trump, the counters):
  // one note under the felt, the last tapped, kept over redraws.
  let explained = null;
  function explainable(h, key, child) {
    const button = h.element("button", "myl-explain");
    button.type = "button";
    button.dataset.explain = key;
    button.setAttribute("aria-expanded", String(explained === key));
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      explained = explained === key ? null : key;
      const el = document.querySelector("#game-area .myl-note");
      document.querySelectorAll(".myl-explain").forEach((b) =>
        b.setAttribute("aria-expanded", String(b.dataset.explain === explained)));
      if (el) el.hidden = !(el.textContent = (explained && words[explained]) || "");
    });
    button.append(child);
    return button;
  }

  // What each tappable piece means, in words, for this view.
  function meanings(h, view) {
    const words = {
      stock: view.stock ? h.t("stock_about", { n: view.stock }) : h.t("stock_empty_about"),
      counters: h.t(view.phase === "collect" ? "legend" : "legend_shed"),
    };
    if (view.trump) words.trump = h.t("trump_about", { suit: SUITS[view.trump] });
    if (view.face_up) {
      words.face_up = h.t("face_up_about", { name: h.who(view.face_up_seat), suit: SUITS[view.trump] }) + " " + words.trump;
    }
    if (view.trick_size) words.fill = h.t("trick_fill_why", { size: view.trick_size });
    return words;
  }

  // The stock face down with its count, or an empty place once it is gone.
  function stockPile(h, view) {
    const stock = h.element("div", "myl-stock");
    const pile = card(h, null, null, view.stock ? "pile" : "slot small");
    if (view.stock) pile.append(h.element("em", "", String(view.stock)));
    if (view.stock) pile.removeAttribute("aria-hidden");
    else pile.classList.remove("back");
    stock.append(pile, h.element("small", "", view.stock ? h.t("stock") : h.t("stock_empty")));
    return stock;
  }

  function sideOf(h, table, view) {
    const side = h.element("div", "myl-side" + (view.phase === "shed" ? " shed" : ""));
    if (view.phase === "collect") {
      const pile = stockPile(h, view);
      // A chance plays the stock's top card: the pile wears the chance's 🍀 while you may.
      const chance = (table.actions || []).some((row) => row.some((b) => b.action === "chance"));
      if (chance) pile.classList.add("chance");
      side.append(explainable(h, "stock", pile));  // named by what it shows: "37 Stock"
    }
    if (view.face_up) {
      // The trump card lies before its owner (their seat wears its ⭐): starred, labelled by
      // the trump it makes, never read as a card just played.
      const up = h.element("div", "myl-stock");
      up.append(card(h, view.face_up, view.trump, "face-up"), trumpChip(h, view.trump));
      side.append(explainable(h, "face_up", up));
    } else if (view.trump) side.append(explainable(h, "trump", trumpChip(h, view.trump)));
    return side;
  }

  function table(el, table, h) {
    const view = table.public;
    hint = table.hint || "";
    if (!view || view.over) return false;
    words = meanings(h, view);
    const row = h.element("div", "myl-felt");
    const side = sideOf(h, table, view);
    row.append(side);
    const trick = h.element("div", "myl-trick" + (view.phase === "shed" ? " shed" : ""));
    if (view.phase === "collect") {
      const leader = view.trick[0];
      trick.append(leader ? played(h, leader, view.trump) : slot(h, view.leader));
      trick.append(h.element("span", "vs", "→"));
      trick.append(view.trick[1] ? played(h, view.trick[1], view.trump) : slot(h, view.opponent));
    } else {
      const pile = h.element("div", "myl-pile");
      view.trick.forEach((entry, i) => {
        pile.append(played(h, entry, view.trump, i === view.trick.length - 1 ? "top" : ""));
      });
      trick.append(pile);
      if (view.trick.length) {
        // How full the trick is, under trump: a full trick (one per player holding) is set aside.
        const fill = h.element("span", "myl-fill", h.t("trick_fill", { n: view.trick.length, size: view.trick_size }));
        side.append(explainable(h, "fill", fill));
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
    // What a tapped piece means (nothing until one is tapped): the table stays compact.
    const told = h.element("p", "myl-note");
    told.setAttribute("aria-live", "polite");
    el.append(told);
    if (explained && !words[explained]) explained = null;
    told.textContent = explained ? words[explained] : "";
    told.hidden = !explained;
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
    // The counters say what they count on a tap (the note under the felt).
    const counters = explainable(h, "counters", h.element("span", "", parts.join(" ")));
    counters.setAttribute("aria-label", table.seats[index].name + ": " + parts.join(" "));
    return counters;
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

  // Your hand by suit (trump last): each suit kept together on one row, short suits sharing
  // a row; a long suit overlaps its cards to stay on its row (render.css, by its count --n),
  // a big hand draws smaller cards. The card a guided game's tip names is marked.
  function arrange(items, info, h) {
    const all = [...items.children];
    items.classList.add("myl-hand");
    items.classList.toggle("myl-big", all.length > BIG);
    const groups = [];
    for (const el of all) {
      let group = groups[groups.length - 1];
      if (!group || group.dataset.suit !== el.dataset.suit) {
        group = h.element("span", "myl-suit");
        group.dataset.suit = el.dataset.suit;
        groups.push(group);
      }
      group.append(el);
      const id = el.dataset.item;
      if (hint && hint.includes((RANKS[id[0]] || id[0]) + SUITS[id[1]])) el.classList.add("myl-hinted");
    }
    groups.forEach((group) => {
      group.style.setProperty("--n", String(group.childElementCount));
      group.classList.toggle("myl-long", group.childElementCount > 5);
    });
    items.replaceChildren(...groups);
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
    // Phase 1's last trick folds away (the feed keeps it); phase 2's start, to its first line.
    if (folds(table)) {
      return two ? { lines: table.story.filter((line) => line.startsWith("2️⃣")), why: false } : { skip: true };
    }
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
        const chance = chanced(entry);  // from the stock: its label says so
        const cell = played(h, Object.assign({ chance: chance }, entry), trump, (winner ? "won" : "") + (chance ? " chance" : ""));
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
    // A chance taken, the trick still open: its card lies on the felt, labelled 🍀 (the story
    // and its why say the rest); drawn here only once it has left the felt.
    const gone = chances.filter((e) => !(view.trick || []).some((t) => t.card === e.card));
    if (!close && gone.length) {
      const row = h.element("div", "myl-trick" + (h.fresh ? " fresh" : ""));
      row.append(...gone.map((entry) => played(h, entry, trump, "chance")));
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

  function momentKey(table) {
    return table.moment && folds(table) ? "next" : "";
  }

  window.GameRenderers.register("myllymatti", { table, badge, item, itemName, arrange, moment, momentKey, outStatus, proves });
})();
