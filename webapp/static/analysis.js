// Loaded with replay.js. A finished game's analysis beside its replay: at each step where a
// person decided, what they chose, the engine's verdict (✅ good, ❓ dubious, ❌ costly), the
// engine's own choice and what it expected; at the last step, one line per person. The
// engine judged each decision from what its maker could see then (tables.fairness.analysis).
"use strict";
(function () {
  const shell = window.Shell;
  const { say, element } = shell;

  function verdict(entry, data) {
    const row = element("div", "analysis-row " + entry.mark);
    row.dataset.mark = entry.mark;
    row.dataset.seat = String(entry.seat);
    const name = entry.seat === data.you ? say("you") : entry.name;
    const head = element("p", "analysis-head");
    const sign = element("span", "analysis-sign", entry.sign);
    sign.setAttribute("aria-hidden", "true");
    head.append(sign, element("strong", "", say("analysis_choice", { name, choice: entry.choice })),
      element("span", "analysis-mark", " · " + say("mark_" + entry.mark)));
    row.append(head);
    row.append(element("p", "analysis-best",
      entry.same ? say("analysis_agrees") : say("analysis_best", { choice: entry.best })));
    row.append(element("p", "analysis-note", entry.note));
    return row;
  }

  function step(data, index) {
    if (data.analysis_pending) return [element("p", "replay-note analysis-pending", say("analysis_pending"))];
    const found = (data.steps[index].analysis || []);
    if (!found.length) return [];
    const box = element("section", "replay-analysis");
    box.setAttribute("aria-label", say("analysis_title"));
    box.append(element("p", "label", say("analysis_title")), ...found.map((e) => verdict(e, data)));
    return [box];
  }

  function summary(data) {
    if (!data.analysis || !data.analysis.length) return [];
    const box = element("section", "replay-analysis summary");
    box.append(element("p", "label", say("analysis_summary")));
    for (const entry of data.analysis) {
      const name = entry.seat === data.you ? say("you") : entry.name;
      box.append(element("p", "analysis-line", "🧠 " + name + ": " + entry.line));
    }
    return [box];
  }

  // Made after the game, off the request: ask again until it is there (or give up quietly).
  const ASK_EVERY_MS = 2500;
  const ASK_AT_MOST = 24;
  function follow(data, id, redraw, tries = 0) {
    if (!data.analysis_pending || tries >= ASK_AT_MOST) return;
    setTimeout(async () => {
      let fresh;
      try { fresh = await shell.api("/api/replays/" + id); } catch (error) { fresh = data; }
      if (fresh.analysis_pending) { follow(data, id, redraw, tries + 1); return; }
      data.analysis_pending = false;
      data.analysis = fresh.analysis || [];
      data.steps.forEach((s, i) => { s.analysis = (fresh.steps[i] || {}).analysis || []; });
      redraw();
    }, ASK_EVERY_MS);
  }

  window.ReplayAnalysis = { step, summary, follow };
})();
