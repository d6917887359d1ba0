// Loaded the first time it is needed (Shell.history in app.js).
// A finished (or running) game again, step by step: back, forward, play, a slider. While a
// game runs only what everyone saw; once it is over each hidden value at the step it was
// decided. Every reveal is checked here, in the browser (WebCrypto SHA-256), against the
// commitment shown before it: "verified ✓", or a loud mismatch; so is each secret shown,
// against the verified preimages in force (the game's renderer reads them: `proves`); and a
// step whose log differs from the game's record is marked. Also the rating line at a game's
// end. "My games" is my_games.js, loaded with it.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, say, element } = shell;
  const view = {
    data: null, step: 0, timer: null, checks: new Map(), back: null, secrets: [],
  };
  const PLAY_EVERY_MS = 1400;

  const number = (n) => new Intl.NumberFormat(document.documentElement.lang || "en").format(n);
  const delta = (d) => (d > 0 ? "▲" + d : d < 0 ? "▼" + -d : "±0");

  // --- the rating at a game's end ("1,512 → 1,531 ▲19") --------------------------------------

  function renderRating(table) {
    const box = $("rating");
    const rating = table && table.over && table.rating;
    box.hidden = !rating;
    if (!rating) return;
    const line = element("p", "rating-line");
    line.append(element("span", "", say("your_rating") + " "),
      element("strong", "", number(rating.before) + " → " + number(rating.after)),
      element("span", "delta " + (rating.after >= rating.before ? "up" : "down"),
        " " + delta(rating.after - rating.before)));
    const children = [line];
    if (rating.provisional) children.push(element("p", "hint-small", say("rating_provisional")));
    box.replaceChildren(...children);
  }

  // --- opening a replay -----------------------------------------------------------------------

  // Game n of a table, by its replay id "<table>-<n>" (a start_param, ?replay=, a button).
  async function openReplay(id, back) {
    stop();
    view.back = back || null;
    state.gen += 1;  // no live table follows meanwhile
    ["table", "setup", "mygames"].forEach((id) => { if ($(id)) $(id).hidden = true; });
    $("replay").hidden = false;
    $("replay-body").replaceChildren(element("p", "notice", say("connecting")));
    try {
      const data = await shell.api("/api/replays/" + id);
      view.data = data;
      view.step = 0;
      view.checks = new Map();
      view.secrets = carried(data);
      $("title").textContent = say("replay_of", { game: data.title });
      $("pill").textContent = "";
      shell.rendererOf({ game: data.game, renderer: data.renderer });
      $("replay-slider").max = String(Math.max(0, data.steps.length - 1));
      draw();
      checkAll(data);
      if (window.ReplayAnalysis) window.ReplayAnalysis.follow(data, id, () => view.data === data && draw());
    } catch (error) {
      $("replay-body").replaceChildren(element("p", "notice error", error.message));
    }
    return true;
  }

  // Each step's secrets, carried forward from where they last changed.
  function carried(data) {
    const now = {};
    return data.steps.map((step) => {
      const changed = new Set(Object.keys(step.hidden || {}));
      for (const seat of changed) now[seat] = step.hidden[seat];
      return { held: Object.assign({}, now), changed };
    });
  }

  function close() {
    stop();
    $("replay").hidden = true;
    view.data = null;
    if (view.back) { view.back(); return; }
    shell.showMyGames();
  }

  // --- checking every commitment, here in the browser -----------------------------------------

  async function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function checkAll(data) {
    const proofs = data.steps.flatMap((step) => [...step.reveals, ...(step.sealed || [])]);
    for (const proof of proofs) {
      const key = proof.text + "\n" + proof.commitment;
      if (view.checks.has(key)) continue;
      if (!proof.text || !proof.commitment) {  // a reveal, or its commitment, is missing
        view.checks.set(key, "bad");
        continue;
      }
      try {
        view.checks.set(key, (await sha256(proof.text)) === proof.commitment ? "ok" : "bad");
      } catch (e) {
        view.checks.set(key, "unchecked");  // no WebCrypto (not a secure page)
      }
    }
    if (view.data === data) draw();
  }

  function checkOf(proof) {
    return view.checks.get(proof.text + "\n" + proof.commitment) || "checking";
  }

  // A secret shown at a step against the preimages of the commitments then in force, once
  // each is verified: the game's renderer says whether they hold it (null: it cannot tell).
  function secretCheck(data, index, seat, info, renderer) {
    if (!renderer.proves) return null;
    const known = new Map(data.steps.flatMap((s) => s.sealed || []).map((p) => [p.commitment, p]));
    const texts = [];
    for (const commitment of data.steps[index].held || []) {
      const proof = known.get(commitment);
      const check = proof ? checkOf(proof) : "bad";
      if (check !== "ok") return check;
      texts.push(proof.text);
    }
    return renderer.proves(info, texts, Number(seat)) ? "ok" : "bad";
  }

  function markOf(check) {
    const word = { ok: "verified", bad: "mismatch", unchecked: "unchecked" }[check] || "checking";
    return element("span", "mark", say(word));
  }

  // --- drawing one step -----------------------------------------------------------------------

  function helpers(data) {
    return {
      element, say, svg: shell.svg,
      t: (key, vars) => shell.word(data.game, key, vars),
      haptic() {}, move() {}, announce() {},
      names: data.seats.map((seat) => seat.name),
      who: (seat) => (seat === data.you ? say("you") : data.seats[seat].name),
      you: data.you, busy: true, reduced: true, fresh: false,
    };
  }

  function draw() {
    const data = view.data;
    if (!data) return;
    const index = view.step;
    const step = data.steps[index];
    const renderer = shell.rendererOf({ game: data.game, renderer: data.renderer });
    const h = helpers(data);
    const frame = { game: data.game, public: step.public, lines: step.lines, you: data.you,
      seats: data.seats.map((seat, i) => Object.assign({}, seat, step.seats[i])), moment: null };
    const children = [];
    const broken = data.steps.flatMap((s) => [...s.reveals, ...(s.sealed || [])])
      .some((proof) => checkOf(proof) === "bad");
    if (broken) children.push(element("p", "replay-alarm", say("mismatch_banner")));
    if (data.mismatch) children.push(element("p", "replay-alarm", say("log_changed")));
    if (!data.faithful && data.finished) children.push(element("p", "replay-note", say("not_faithful")));
    if (!data.finished) children.push(element("p", "replay-note", say("hidden_until_end")));
    if (step.mismatch) {
      const mark = element("p", "replay-step-mismatch", say("step_mismatch"));
      mark.dataset.verified = "bad";
      children.push(mark);
    }
    children.push(felt(frame, renderer, h));
    children.push(lines(frame, renderer, h));
    if (step.story.length) {
      const story = element("div", "replay-story");
      story.append(...step.story.map((line) => element("p", "", line)));
      children.push(story);
    }
    children.push(...proofs(step.reveals, "revealed"));
    const analysed = window.ReplayAnalysis;
    if (analysed) children.push(...analysed.step(data, index));
    if (data.hidden) children.push(...secrets(data, index, renderer, h));
    if (index === data.steps.length - 1 && data.finished) {
      children.push(finalRanking(data));
      if (analysed) children.push(...analysed.summary(data));
    }
    $("replay-body").replaceChildren(...children);
    $("replay").dataset.step = String(index);
    $("replay").dataset.steps = String(data.steps.length);
    $("replay-count").textContent = say("step_of", { n: index + 1, total: data.steps.length });
    $("replay-slider").value = String(index);
    $("replay-slider").setAttribute("aria-valuetext", $("replay-count").textContent);
    $("replay-play").textContent = view.timer ? "⏸ " + say("pause") : "▶ " + say("play");
    $("replay-first").disabled = $("replay-prev").disabled = index === 0;
    $("replay-next").disabled = $("replay-last").disabled = index === data.steps.length - 1;
  }

  function felt(frame, renderer, h) {
    const box = element("div", "felt replay-felt");
    const seats = element("ol", "seats others");
    seats.style.setProperty("--columns", String(Math.min(frame.seats.length, 4)));
    seats.append(...frame.seats.map((seat, index) => {
      const li = element("li", ["seat", seat.acting ? "acting" : "", seat.out ? "out" : "",
        seat.you ? "you" : "", seat.cpu ? "cpu" : ""].join(" ").replace(/\s+/g, " ").trim());
      li.dataset.seat = String(index);
      li.style.setProperty("--hue", String((index * 67 + 200) % 360));
      const bare = seat.cpu ? seat.name.replace(/^🤖\s*/u, "") : seat.name;
      const avatar = element("span", "avatar", seat.cpu ? "🤖" : Array.from(bare.trim())[0] || "?");
      avatar.setAttribute("aria-hidden", "true");
      const who = element("span", "who");
      who.append(element("span", "name", seat.you ? say("you") + " · " + bare : bare));
      const drawn = renderer.badge ? renderer.badge(frame, index, h) : null;
      const badge = drawn instanceof Node ? drawn : element("span", "", drawn || seat.badge);
      badge.classList.add("badge");
      if (badge.textContent) who.append(badge);
      li.append(avatar, who);
      return li;
    }));
    const area = element("section", "game-area");
    view.drew = renderer.table ? renderer.table(area, frame, h) : false;
    box.append(seats);
    if (area.childElementCount) box.append(area);
    return box;
  }

  function lines(frame) {
    const drew = view.drew;
    let shown = frame.lines;
    if (drew === true) shown = shown.slice(0, 1);
    else if (drew && Array.isArray(drew.lines)) shown = shown.slice(0, 1).concat(drew.lines);
    shown = shown.filter((line) => !/[0-9a-f]{64}/.test(line));
    const box = element("section", "lines");
    box.append(...shown.map((line, i) => element("p", i === 0 ? "head" : "", line)));
    return box;
  }

  function proofs(list, titleKey) {
    if (!list || !list.length) return [];
    const box = element("div", "replay-proofs");
    box.append(element("p", "label", say(titleKey)));
    for (const proof of list) {
      const check = checkOf(proof);
      const row = element("div", "replay-proof " + check);
      row.dataset.verified = check;
      const text = proof.text === null ? say("reveal_missing") : proof.text;
      row.append(markOf(check), element("code", "", "SHA-256(" + text + ")"),
        element("code", "", "= " + (proof.commitment || "?")));
      box.append(row);
    }
    return [box];
  }

  function secrets(data, index, renderer, h) {
    const step = data.steps[index];
    const now = view.secrets[index];
    const out = [];
    const decided = (step.decisions || []).map((d) =>
      element("p", "replay-decision", say("chose", { name: data.seats[d.seat].name, choice: d.label })));
    const held = Object.entries(now.held).filter(([, info]) => info);
    if (held.length || decided.length) {
      const box = element("div", "replay-secrets");
      box.append(element("p", "label", say("secrets_title")), ...decided);
      for (const [seat, info] of held) {
        const row = element("div", "replay-hand" + (now.changed.has(seat) ? " fresh" : ""));
        row.dataset.seat = seat;
        const head = element("div", "private-head");
        head.append(element("span", "private-title", data.seats[Number(seat)].name));
        if (info.caption) head.append(element("span", "caption", info.caption));
        const check = secretCheck(data, index, seat, info, renderer);
        if (check) {
          row.dataset.verified = check;
          head.append(markOf(check));
        }
        const items = element("div", "items");
        items.append(...info.items.map((item) => {
          const face = renderer.item ? renderer.item(item, h) : element("span", "label", item.label);
          const el = element("span", "item " + item.kind);
          el.dataset.item = item.id;
          el.title = item.label;
          Object.entries(item.attrs || {}).forEach(([key, value]) => { el.dataset[key] = value; });
          el.append(face);
          return el;
        }));
        if (renderer.arrange) renderer.arrange(items, info, h);
        row.append(head, items);
        box.append(row);
      }
      out.push(box);
    }
    out.push(...proofs(step.sealed, "committed_then"));
    return out;
  }

  function finalRanking(data) {
    const box = element("div", "replay-final");
    box.append(element("p", "label", say("final_ranking")));
    for (const entry of data.ranking || []) {
      box.append(element("p", "place", entry.place + ". " + entry.name));
    }
    for (const r of data.ratings || []) {
      box.append(element("p", "rating-row" + (r.you ? " you" : ""), r.name + ": " + number(r.before) +
        " → " + number(r.after) + " " + delta(r.after - r.before)));
    }
    return box;
  }

  // --- the controls ---------------------------------------------------------------------------

  function go(index) {
    if (!view.data) return;
    view.step = Math.max(0, Math.min(view.data.steps.length - 1, index));
    if (view.step === view.data.steps.length - 1) stop();
    draw();
  }

  function stop() {
    if (view.timer) clearInterval(view.timer);
    view.timer = null;
  }

  function play() {
    if (!view.data) return;
    if (view.timer) { stop(); draw(); return; }
    if (view.step >= view.data.steps.length - 1) view.step = 0;
    view.timer = setInterval(() => go(view.step + 1), PLAY_EVERY_MS);
    draw();
  }

  $("replay-first").addEventListener("click", () => { stop(); go(0); });
  $("replay-prev").addEventListener("click", () => { stop(); go(view.step - 1); });
  $("replay-play").addEventListener("click", play);
  $("replay-next").addEventListener("click", () => { stop(); go(view.step + 1); });
  $("replay-last").addEventListener("click", () => { stop(); go(Infinity); });
  $("replay-slider").addEventListener("input", (event) => { stop(); go(Number(event.target.value)); });
  $("replay-close").addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if ($("replay").hidden || event.target.closest("input, button")) return;
    if (event.key === "ArrowLeft") go(view.step - 1);
    else if (event.key === "ArrowRight") go(view.step + 1);
  });

  // A renderer loaded after the replay was drawn: draw it again, now with the game's art.
  const register = window.GameRenderers.register;
  window.GameRenderers.register = function (name, renderer) {
    register.call(window.GameRenderers, name, renderer);
    if (view.data && view.data.game === name) draw();
  };

  // From the game-over screen: the replay, and back to the table (a rematch may follow).
  function replayFromTable(table) {
    openReplay(table.replay, () => {
      $("table").hidden = false;
      shell.render(state.table);
      shell.follow();
    });
  }

  Object.assign(shell, { renderRating, openReplay, stopReplay: stop, replayFromTable });
})();
