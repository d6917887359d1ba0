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

  function claimChain(history, h, className) {
    const list = h.element("ol", className || "mia-claims");
    for (const entry of history) {
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
    if (view.history.length) center.append(claimChain(view.history, h));
    el.append(center);
    const lines = table.lines;
    const prompt = lines[view.history.length ? 2 : 1];
    const verify = view.commitment ? lines.filter((line) => line.includes(view.commitment)) : [];
    return { lines: prompt && !verify.includes(prompt) ? [prompt] : [], verify: verify };
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

  // The reveal: the round's claims, the cup coming off the dice, the roll against the claim,
  // who was right, and who pays.
  function moment(el, table, h) {
    const events = table.moment.events;
    const reveal = events.find((e) => e.type === "challenged");
    const folded = events.find((e) => e.type === "folded");
    const round = events.filter((e) => e.type === "claimed" || e.type === "passed")
      .map((e) => (e.type === "passed" ? { seat: e.seat, pass: true } : { seat: e.seat, claim: e.claim }));
    // Once the next round has a claim, the last reveal folds to its verdict: one chain at once.
    const next = !!table.public && !table.public.over && table.public.history.length > 0;
    if (next && (reveal || folded)) return foldedMoment(el, reveal, h, table);
    // The round's claims, unless your move needs the room (its 🔍 line names the claim).
    const yours = !!table.public && !table.public.over && table.public.to_act === h.you;
    if (round.length > 1 && !yours) el.append(claimChain(round, h, "mia-claims small"));
    // On your move, a reveal between others is told by its verdict alone (room for your move).
    const aside = yours && reveal && reveal.seat !== h.you && reveal.claimant !== h.you;
    if (aside) {
      el.append(verdictOf(reveal, h, ""));
    } else if (reveal) {
      const stage = h.element("div", "mia-stage" + (h.fresh ? " fresh" : ""));
      const dice = h.element("div", "mia-dice");
      dice.append(...reveal.dice.map((face) => die(face, h)));
      stage.append(dice, cup(h, "mia-cup lifting"));
      el.append(stage, verdictOf(reveal, h, ""));
    } else if (folded) {
      el.append(h.element("div", "mia-fold", "🏳"));
    }
    // The reveal's line stays (who challenged whom); the banner says your loss once.
    const lost = events.filter((e) => e.type === "lost_lives" && e.lost > 0);
    const mine = lost.find((e) => e.seat === h.you);
    if (mine) {
      const out = events.some((e) => e.type === "eliminated" && e.seat === h.you);
      const told = lost.length === 1 ? (out ? ["💔", "💀"] : ["💔"]) : [];
      const lines = table.story.filter((line) => !told.some((mark) => line.startsWith(mark)));
      return { tone: "loss", banner: out ? h.say("you_are_out") : h.t("you_lose", { n: mine.lost }), lines };
    }
    const lines = table.story;
    const involved = reveal && (reveal.seat === h.you || reveal.claimant === h.you);
    if (involved && lost.length) return { tone: "good", banner: h.t("right"), lines };
    return { tone: "info", lines };
  }

  // The last round, folded to one line: the dice against the claim, and whether it held.
  function foldedMoment(el, reveal, h, table) {
    el.classList.add("mia-folded");
    if (reveal) {
      el.append(verdictOf(reveal, h, "small "));
    } else {
      el.append(h.element("div", "mia-fold small", "🏳"));
    }
    // Who challenged whom, and who paid: kept, the rest of the round's story folds away.
    const kept = (table.story || []).filter((line) => /^(🔍|🏳|💔|💀)/u.test(line));
    return { tone: "info", lines: kept, why: false };
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
    if (size) {
      const dice = h.element("span", "mia-dice small");
      dice.setAttribute("aria-hidden", "true");  // the words say the roll
      dice.append(...reveal.dice.map((face) => die(face, h, "mia-die small")));
      verdict.append(dice);
    }
    verdict.append(versus(reveal, h), h.element("b", "", h.t(reveal.holds ? "holds" : "bluff")));
    return verdict;
  }

  // The moment is drawn anew (folded) once the next round has its first claim.
  function momentKey(table) {
    return table.public && table.public.history.length > 0 ? "next" : "";
  }

  window.GameRenderers.register("mia", { table, badge, cover, item, itemName, moment, momentKey, proves });
})();
