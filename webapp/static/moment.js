// The moment: the latest reveal or result, right under the felt (never below the buttons).
// The game's renderer draws what was uncovered (renderer.moment), the shell adds the story
// lines, a banner when it concerns you ("You lose a life"), motion, a haptic, and at the end
// of a game the winner's celebration. Drawn once per moment, so its motion plays once. A
// renderer may say {skip: true}: the story says nothing the table does not (a new hand); or
// {lines: [...]}: the story lines to keep, leaving out what its drawing already shows (the
// whole story is still what a screen reader hears).
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, say, element } = shell;
  const CONFETTI = ["#f4c430", "#ff6b6b", "#4dabf7", "#51cf66", "#cc5de8", "#ff922b"];

  function youWon(table) {
    if (!table.over || table.you === null) return false;
    const me = table.seats[table.you];
    return (table.ranking || []).some((entry) => entry.place === 1 && entry.name === me.name);
  }

  function finale(table) {
    if (!table.over) return null;
    // A game with only a loser says what the end means for you ("You are safe: out at #2").
    if (table.outcome) return { banner: table.outcome.text, tone: table.outcome.tone };
    if (youWon(table)) return { banner: say(table.winners.length > 1 ? "you_share_win" : "you_win"), tone: "win" };
    return { banner: say("winner_is", { name: table.winners.join(", ") }), tone: "info" };
  }

  function renderMoment(table, renderer, h) {
    const box = $("moment");
    const moment = table.moment;
    const sameTable = state.momentTable === table.id;
    const version = moment && table.story.length ? moment.version : 0;
    const ended = !!table.over && !state.momentOver;  // the end can come without a new story
    const fresh = state.booted && sameTable && (version !== state.momentVersion || ended);
    state.momentTable = table.id;
    state.momentVersion = version;
    state.momentOver = !!table.over;
    state.momentFresh = false;
    if (!table.story.length || table.status === "lobby") {
      box.hidden = true;
      state.momentKey = null;
      return;
    }
    // A renderer's momentKey says when the same moment is drawn anew (a game may fold its last outcome).
    const fold = renderer.momentKey ? renderer.momentKey(table) : "";
    const key = [table.id, version, !!renderer.moment, !!table.over, fold, table.story.join("\n"), (table.why || []).join("\n")].join("|");
    if (key === state.momentKey) { box.hidden = state.momentHidden; return; }
    state.momentKey = key;
    state.momentHidden = box.hidden = false;
    h.fresh = fresh && !h.reduced;
    const art = element("div", "moment-art");
    const drawn = (renderer.moment && moment ? renderer.moment(art, table, h) : null) || {};
    if (drawn.skip && !table.over) {  // nothing worth a moment
      state.momentHidden = box.hidden = true;
      return;
    }
    // At the end: your win, else (a loss of yours first) who won; otherwise what the game says.
    const end = finale(table);
    let banner = drawn.banner || "", tone = drawn.tone || "info", second = "";
    if (end && end.tone === "win") [banner, tone] = [end.banner, "win"];
    else if (end && (end.tone === "good" || end.tone === "loss") && table.outcome) [banner, tone] = [end.banner, end.tone];
    else if (end && tone === "loss" && banner) second = end.banner;
    else if (end) [banner, tone] = [end.banner, "info"];
    const story = element("div", "story");
    story.id = "story";
    const kept = Array.isArray(drawn.lines) ? drawn.lines : table.story;
    // The end's banner says who won: its 🏆 line is not said twice.
    const said = end && banner === end.banner ? "🏆" : null;
    const shown = table.story.filter((line) => kept.includes(line) && !(said && line.startsWith(said)));
    story.append(...shown.map((line) => element("p", /^[🥇🥈🥉]|^\d+\. /u.test(line) ? "place" : "", line)));
    const children = [];
    if (art.childElementCount) children.push(art);
    if (banner) children.push(element("p", "banner", banner));
    if (second) children.push(element("p", "banner small", second));
    children.push(story);
    // Why it went so: one line per trick, reveal or score, under the story (not once the
    // renderer has folded the outcome away: {why: false}).
    const why = (drawn.why === false ? [] : table.why || []).map((line) => {
      const p = element("p", "why-line");
      p.append(element("b", "", say("why")), " " + line);
      return p;
    });
    if (why.length) {
      const block = element("div", "why");
      block.id = "why";
      block.append(...why);
      children.push(block);
    }
    box.replaceChildren(...children);
    box.className = "moment tone-" + tone + (fresh && !h.reduced ? " fresh" : "");
    state.momentFresh = fresh;
    if (!fresh) return;
    shell.announce([banner, second, ...table.story, ...(table.why || [])].filter(Boolean).join(" "), true);
    if (tone === "loss") shell.haptic("notify", "error");
    else if (tone === "win" || tone === "good") shell.haptic("notify", "success");
    else shell.haptic("impact", "heavy");
    if (tone === "win" && !h.reduced) celebrate();
    const top = box.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 80) {
      box.scrollIntoView({ block: "start", behavior: h.reduced ? "auto" : "smooth" });
    }
  }

  // Confetti falling straight down inside the screen (never wider than it), then gone.
  function celebrate() {
    const layer = element("div", "confetti");
    layer.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 36; i += 1) {
      const piece = element("i");
      piece.style.left = (2 + ((i * 37) % 90)) + "%";
      piece.style.background = CONFETTI[i % CONFETTI.length];
      piece.style.animationDelay = ((i % 9) * 0.09).toFixed(2) + "s";
      piece.style.animationDuration = (1.6 + (i % 5) * 0.25).toFixed(2) + "s";
      layer.append(piece);
    }
    document.body.append(layer);
    setTimeout(() => layer.remove(), 3500);
  }

  Object.assign(shell, { renderMoment, celebrate });
})();
