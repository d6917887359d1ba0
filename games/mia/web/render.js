// Mia in the Mini App: the claim on the table and the round's claims at a glance, hearts on
// the seats, a leather dice cup over your dice, and the reveal as the cup comes off.
"use strict";
(function () {
  const FACES = "⚀⚁⚂⚃⚄⚅";
  const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  const MIA = "21";
  let cups = 0;

  // A leather dice cup, mouth down: SVG, drawn at any size.
  function cup(h, className) {
    const id = "mia-cup-" + (cups += 1);
    const stop = (offset, colour) => h.svg("stop", { offset: offset, "stop-color": colour });
    const gradient = h.svg("linearGradient", { id: id, x1: 0, x2: 1, y1: 0, y2: 0 },
      [stop(0, "#4a280f"), stop(0.38, "#b0743a"), stop(0.55, "#c98d4e"), stop(1, "#4a280f")]);
    const band = (y, bend) => h.svg("path", {
      d: "M" + (14 - y / 12) + " " + y + " Q50 " + (y + bend) + " " + (86 + y / 12) + " " + y,
      fill: "none", stroke: "#e6bd73", "stroke-width": 2.2, "stroke-dasharray": "3 2.5",
    });
    const el = h.svg("svg", { viewBox: "0 0 100 112", class: className || "mia-cup", "aria-hidden": "true" }, [
      h.svg("defs", {}, [gradient]),
      h.svg("ellipse", { cx: 50, cy: 104, rx: 44, ry: 6, fill: "rgba(0,0,0,.22)" }),
      h.svg("path", { d: "M22 12 L78 12 L95 98 Q50 110 5 98 Z", fill: "url(#" + id + ")" }),
      h.svg("ellipse", { cx: 50, cy: 12, rx: 28, ry: 6, fill: "#5f3817" }),
      h.svg("ellipse", { cx: 50, cy: 11, rx: 22, ry: 3.6, fill: "#8a5628" }),
      band(30, 6), band(86, 8),
      h.svg("path", { d: "M33 16 L25 94", stroke: "rgba(255,255,255,.28)", "stroke-width": 5, "stroke-linecap": "round" }),
      h.svg("path", { d: "M5 98 Q50 110 95 98", fill: "none", stroke: "#3a1f0b", "stroke-width": 3 }),
    ]);
    return el;
  }

  // A die with pips (the glyph stays in the text for screen readers and copy/paste).
  function die(face, h, className) {
    const el = h.element("span", className || "mia-die");
    el.dataset.face = String(face);
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", String(face));
    const on = PIPS[face] || [];
    for (let cell = 0; cell < 9; cell += 1) el.append(h.element("i", on.includes(cell) ? "on" : ""));
    el.append(h.element("span", "mia-glyph", FACES[face - 1] || "?"));
    return el;
  }

  function claimWord(claim, h) {
    return claim === MIA ? h.t("mia") : claim;
  }

  let wholeChain = "";  // the round whose every claim you opened (else the last few show)
  const SHOWN = 6;

  function claimChain(history, h, className, round) {
    const list = h.element("ol", className || "mia-claims");
    let shown = history;
    // A long round: its last claims, and a chip for the earlier ones (a tap shows them).
    if (round && history.length > SHOWN && wholeChain !== round) {
      shown = history.slice(-SHOWN);
      const li = h.element("li", "more");
      const chip = h.element("button", "link", h.t("earlier_claims", { n: history.length - SHOWN }));
      chip.type = "button";
      chip.addEventListener("click", () => { wholeChain = round; list.replaceWith(claimChain(history, h, className, round)); });
      li.append(chip);
      list.append(li);
    }
    for (const entry of shown) {
      const li = h.element("li", entry.pass ? "pass" : entry.claim === MIA ? "mia" : "");
      li.append(h.element("span", "who", h.who(entry.seat)),
        h.element("span", "claim", entry.pass ? "➡️" : claimWord(entry.claim, h)));
      list.append(li);
    }
    return list;
  }

  function table(el, table, h) {
    const view = table.public;
    if (!view || view.over) return false;
    const center = h.element("div", "mia-center");
    const current = h.element("div", "mia-current" + (view.claim === MIA ? " mia" : ""));
    if (view.dice_owner !== null && view.dice_owner !== undefined) current.append(cup(h, "mia-cup mini"));
    if (view.claim) {
      const bubble = h.element("div", "mia-bubble");
      bubble.dataset.answer = "";  // the claim to beat: kept in view with your move
      const says = view.claimant === h.you ? h.t("you_claim") : h.t("claims", { name: h.names[view.claimant] });
      bubble.append(h.element("small", "", says),
        h.element("b", "", claimWord(view.claim, h)));
      current.append(bubble);
    }
    center.append(current);
    if (view.history.length) center.append(claimChain(view.history, h, "", table.id + ":" + view.round));
    // Once you are out, where you finished stays on the felt while the others play on (the
    // result that put you out says it first).
    const told = (table.moment ? table.moment.events : []).some((e) => e.type === "eliminated" && e.seat === h.you);
    if (placeOf(table, h) && !told) {
      center.append(h.element("p", "mia-out", h.t("out_place", { place: placeOf(table, h), seats: view.seats })));
    }
    el.append(center);
    const lines = table.lines;
    const prompt = lines[view.history.length ? 2 : 1];
    const verify = view.commitment ? lines.filter((line) => line.includes(view.commitment)) : [];
    return { lines: prompt && !verify.includes(prompt) ? [prompt] : [], verify: verify };
  }

  // Once you have looked at your dice, each claim button says what it would be: ✅ the truth
  // (your dice reach it) or 🎭 a bluff; a line under them says so in words.
  function extra(el, table, h) {
    const info = table.private;
    const panel = document.getElementById("private");
    if (!info || !info.items || info.items.length !== 2 || !panel || panel.classList.contains("covered")) return;
    const roll = info.items.map((i) => Number(i.attrs.face)).sort((a, b) => b - a).join("");
    const buttons = [...document.querySelectorAll('#actions button[data-action^="claim:"]')];
    if (!buttons.length) return;
    // The cup is off: the prompt no longer asks you to lift it.
    const view = table.public, asked = table.lines[view.history.length ? 2 : 1];
    const line = [...document.querySelectorAll("#lines p")].find((p) => p.textContent === asked);
    if (line) line.textContent = view.claim === null ? h.t("claim_now") : h.t("claim_above", { claim: claimWord(view.claim, h) });
    const reach = buttons.findIndex((b) => b.dataset.action === "claim:" + roll);
    buttons.forEach((button, index) => {
      const truth = index <= reach;
      button.classList.add(truth ? "mia-truth" : "mia-bluff");
      button.title = h.t(truth ? "the_truth" : "a_bluff");
      const mark = h.element("span", "mia-mark", truth ? "✅" : "🎭");
      mark.setAttribute("aria-hidden", "true");
      button.append(mark);
    });
    el.append(h.element("p", "mia-marks", h.t("marks", { roll: claimWord(roll, h) })));
  }

  // Where you finished, once out (0 while you play on).
  function placeOf(table, h) {
    const view = table.public;
    if (h.you === null || h.you === undefined || view.lives[h.you] > 0) return 0;
    return view.seats - view.out_order.indexOf(h.you);
  }

  // The pill at the top, once you are out: "💀 Out: place 3 of 4".
  function outStatus(table, h) {
    const place = placeOf(table, h);
    return place ? h.t("out_pill", { place: place, seats: table.public.seats }) : "";
  }

  function badge(table, index, h) {
    const lives = table.public.lives[index];
    const el = h.element("span", "mia-lives", lives <= 0 ? "💀" : lives > 3 ? "❤️×" + lives : "❤️".repeat(lives));
    if (table.public.dice_owner === index && !table.public.over) el.append(cup(h, "mia-cup tiny"));
    return el;
  }

  function cover(info, h) {
    return cup(h, "mia-cup big");
  }

  function item(item, h) {
    const drawn = die(Number(item.attrs.face), h);
    drawn.removeAttribute("role");  // the item carries the name
    drawn.removeAttribute("aria-label");
    return drawn;
  }

  function itemName(item) {
    return item.attrs.face;
  }

  // A replay's check of the dice shown under a cup: the roll in force, as its verified
  // preimage <game>|<round>|<turn>|<high><low>|<salt> says it.
  function proves(info, texts) {
    const roll = info.items.map((i) => Number(i.attrs.face)).sort((a, b) => b - a).join("");
    return texts.some((text) => text.split("|").slice(-2)[0] === roll);
  }

  // Your move comes first: on it, the last round's result is one line (a tap opens it).
  function yourMove(table, h) {
    const view = table.public;
    return !!view && !view.over && h.you !== null && view.to_act === h.you && view.lives[h.you] > 0;
  }

  // The cup coming off the revealed dice (it moves only when the reveal is fresh).
  function stage(reveal, h) {
    const el = h.element("div", "mia-stage" + (h.fresh ? " fresh" : ""));
    const dice = h.element("div", "mia-dice");
    dice.append(...reveal.dice.map((face) => die(face, h)));
    el.append(dice, cup(h, "mia-cup lifting"));
    return el;
  }

  // The reveal: the round's claims, the cup off the dice, the roll against the claim, who pays.
  function moment(el, table, h) {
    const events = table.moment.events;
    const reveal = events.find((e) => e.type === "challenged");
    const folded = events.find((e) => e.type === "folded");
    if ((reveal || folded) && yourMove(table, h)) return foldedMoment(el, reveal || folded, h, table);
    const round = events.filter((e) => e.type === "claimed" || e.type === "passed")
      .map((e) => (e.type === "passed" ? { seat: e.seat, pass: true } : { seat: e.seat, claim: e.claim }));
    // The round's claims, until the next round has its own on the felt (one chain at once).
    const next = !!table.public && !table.public.over && table.public.history.length > 0;
    if (round.length > 1 && !next) el.append(claimChain(round, h, "mia-claims small"));
    if (reveal) {
      el.append(stage(reveal, h), verdictOf(reveal, h, ""));
    } else if (folded) {
      el.append(h.element("div", "mia-fold", "🏳"));
    }
    el.append(...earlier(table, h));
    // The reveal's line stays (who challenged whom); the banner says your loss once. Once the
    // next round has claims, the banner names its round: it is not the verdict on them.
    seen.add(table.id + ":" + table.moment.version);
    const said = yourVerdict(events, reveal, h, next && reveal ? reveal.round : 0), told = said.told || [];
    return { ...said, lines: table.story.filter((line) => !told.some((mark) => line.startsWith(mark))) };
  }

  // Your verdict on a reveal: you lost a life (or went out), or you were right.
  function yourVerdict(events, reveal, h, round) {
    const lost = events.filter((e) => e.type === "lost_lives" && e.lost > 0);
    const mine = lost.find((e) => e.seat === h.you);
    const when = round ? h.t("round", { round }) + " · " : "";
    if (mine) {
      const out = events.some((e) => e.type === "eliminated" && e.seat === h.you);
      const told = lost.length === 1 ? (out ? ["💔", "💀"] : ["💔"]) : [];
      return { tone: "loss", banner: when + (out ? h.say("you_are_out") : h.t("you_lose", { n: mine.lost })), told };
    }
    const involved = reveal && (reveal.seat === h.you || reveal.claimant === h.you);
    if (involved && lost.length) return { tone: "good", banner: when + h.t("right") };
    return { tone: "info" };
  }

  const seen = new Set();  // the reveals drawn whole: folded later, they need no banner
  let opened = "";  // the folded result you opened: it stays open as the page redraws
  let earlierOpen = false;  // and the earlier rounds, once opened

  // The last round on one line: the dice against the claim, whether it held, who paid. A tap
  // opens the whole of it (the cup off the dice, the story, the why, earlier rounds).
  function foldedMoment(el, outcome, h, table) {
    const reveal = outcome.type === "challenged" ? outcome : null;
    el.classList.add("mia-folded");
    const key = table.id + ":" + table.moment.version;
    const details = h.element("details", "mia-last");
    details.open = opened === key;
    details.addEventListener("toggle", () => { opened = details.open ? key : opened === key ? "" : opened; });
    const summary = h.element("summary", "");
    summary.append(reveal ? verdictOf(reveal, h, "line ") : h.element("span", "", h.t("folded_line", { name: h.who(outcome.seat) })));
    const lost = table.moment.events.filter((e) => e.type === "lost_lives" && e.lost > 0);
    for (const e of lost) summary.append(h.element("span", "paid", "💔 " + h.who(e.seat)));
    const body = h.element("div", "mia-last-body");
    if (reveal) body.append(h.element("small", "round", h.t("round", { round: reveal.round })), stage(reveal, h));
    // Who paid is said by the line above; the rest of the story is here.
    const story = table.story.filter((line) => !(lost.length && line.startsWith("💔")));
    body.append(...story.map((line) => h.element("p", "", line)));
    for (const line of table.why || []) {
      const p = h.element("p", "why-line");
      p.append(h.element("b", "", h.say("why")), " " + line);
      body.append(p);
    }
    body.append(...earlier(table, h));
    details.append(summary, body);
    el.append(details);
    // A reveal about you, new on your move, says its verdict as a banner under the line.
    const said = seen.has(key) ? {} : yourVerdict(table.moment.events, reveal, h, 0);
    const out = seen.has(key) ? null : table.story.find((line) => line.startsWith("💀"));
    if (!said.banner && out) said.banner = out;  // someone went out: the news of the round
    const tone = said.tone || (lost.some((e) => e.seat === h.you) ? "loss" : "info");
    return { tone, banner: said.banner, lines: [], why: false };
  }

  // The rounds before the last one, folded: "📜 Earlier rounds (3)", one line each.
  function earlier(table, h) {
    const last = table.moment.events.find((e) => e.type === "challenged" || e.type === "folded");
    const rounds = (table.history || []).filter((e) => (e.type === "challenged" || e.type === "folded")
      && !(last && e.round === last.round));
    if (!rounds.length) return [];
    const details = h.element("details", "mia-earlier");
    details.open = earlierOpen;
    details.addEventListener("toggle", () => { earlierOpen = details.open; });
    details.append(h.element("summary", "", h.t("earlier", { n: rounds.length })));
    const list = h.element("ol", "");
    for (const e of rounds.slice().reverse()) {
      const li = h.element("li", "");
      if (e.type === "folded") li.append(h.t("round", { round: e.round }), " · ", h.t("folded_line", { name: h.who(e.seat) }));
      else li.append(verdictOf(e, h, "small "), h.element("span", "paid", "💔 " + h.who(e.holds ? e.seat : e.claimant)));
      list.append(li);
    }
    details.append(list);
    return [details];
  }

  // Which is the dice and which the claim: "Dice 41 · claim 64".
  function versus(reveal, h) {
    return h.element("span", "vs", h.t("dice_claim", { roll: claimWord(reveal.roll, h), claim: claimWord(reveal.claim, h) }));
  }

  // The verdict: its round, the dice against the claim (each named), whether it held. Folded
  // (small), it shows the dice too: the cup is no longer drawn.
  function verdictOf(reveal, h, size) {
    const verdict = h.element("div", "mia-verdict " + size + (reveal.holds ? "holds" : "bluff"));
    verdict.append(h.element("small", "round", h.t("round", { round: reveal.round })));
    if (size === "small ") {
      const dice = h.element("span", "mia-dice small");
      dice.setAttribute("aria-hidden", "true");  // the words say the roll
      dice.append(...reveal.dice.map((face) => die(face, h, "mia-die small")));
      verdict.append(dice);
    }
    verdict.append(versus(reveal, h), h.element("b", "", h.t(reveal.holds ? "holds" : "bluff")));
    return verdict;
  }

  // The moment is drawn anew as your move comes (it folds) and as the next round claims.
  function momentKey(table) {
    const view = table.public;
    if (!view) return "";
    return (view.to_act === table.you ? "yours" : "") + (view.history.length > 0 ? "next" : "");
  }

  window.GameRenderers.register("mia", { table, badge, cover, item, itemName, extra, moment, momentKey, outStatus, proves });
})();
