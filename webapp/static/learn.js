// Learning and checking, under the table: the tutorial's tip and progress, "How to play"
// (the rules for this table's settings, loaded when opened), the "verify" detail with the
// commitments and proofs (copyable), and the footer with your games, kept up to date.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, say, element } = shell;
  const rules = { table: null, loading: false };
  const BRIEF = 4;  // rule lines How to play shows before "All the rules and settings"

  function renderLearn(table, verifyLines) {
    const hint = $("hint");
    // A tip may name what is under your cover: it waits until you have looked.
    hint.hidden = !table.hint || !!document.querySelector("#private.covered");
    hint.textContent = table.hint || "";
    const tutorial = $("tutorial");
    const progress = table.tutorial;
    tutorial.hidden = !progress;
    if (progress) tutorial.textContent = say("tutorial") + " · " + say("tutorial_progress", progress);
    renderProofs(table, verifyLines);
    if (rules.table !== table.id) {  // a new table: its rules (open while waiting to start)
      rules.table = table.id;
      $("rules-body").replaceChildren();
      if (table.status === "lobby") $("rules").open = true;
      if ($("rules").open) loadRules();
    }
    if (table.over && state.statsFor !== table.id + ":" + table.version) {
      state.statsFor = table.id + ":" + table.version;
      shell.api("/api/me").then((me) => showStats(me.stats)).catch(() => {});
    }
  }

  // --- verify: what is committed now, and the proofs of the latest reveal ----------------------

  function renderProofs(table, verifyLines) {
    const proofs = table.proofs || [];
    const box = $("proofs");
    box.hidden = !proofs.length && !verifyLines.length;
    if (box.hidden) return;
    const list = [element("p", "about", say("verify_about"))];
    if (verifyLines.length) {
      list.push(element("p", "label", say("now_committed")));
      list.push(...verifyLines.map((line) => copyable(line, (line.match(/[0-9a-f]{16,}/) || [line])[0])));
    }
    for (const proof of proofs) {
      const p = element("div", "proof");
      p.append(copyable("SHA-256(" + proof.text + ")", proof.text),
        copyable("= " + proof.commitment, proof.commitment));
      list.push(p);
    }
    $("proof-list").replaceChildren(...list);
  }

  function copyable(text, value) {
    const row = element("div", "copyable");
    const code = element("code", "", text);
    const copy = element("button", "link copy", say("copy"));
    copy.type = "button";
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(value);
      } catch (e) {
        const range = document.createRange();
        range.selectNodeContents(code);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
      copy.textContent = say("copied");
      shell.haptic("selection");
    });
    row.append(code, copy);
    return row;
  }

  // --- how to play ------------------------------------------------------------------------------

  async function loadRules() {
    if (rules.loading || !state.tableId) return;
    rules.loading = true;
    try {
      drawRules($("rules-body"), await shell.api("/api/tables/" + state.tableId + "/rules"));
    } catch (error) {
      $("rules-body").replaceChildren(element("p", "error", error.message));
    } finally {
      rules.loading = false;
    }
  }

  function drawRules(box, data) {
    const children = [];
    if (data.summary) children.push(element("p", "summary", data.summary));
    children.push(element("p", "preset", data.preset ? say("rules_of", { preset: data.preset }) : say("custom_rules")));
    if (data.description) children.push(element("p", "description", data.description));
    // The rules in brief: the first few lines; the rest and every setting's value folded.
    const lines = element("div", "rules-lines");
    lines.append(...data.lines.slice(0, BRIEF).map((line) => element("p", "", line)));
    children.push(lines);
    const rest = data.lines.slice(BRIEF);
    if (rest.length || (data.settings && data.settings.length)) {
      const more = element("details", "rules-more");
      const body = element("div", "rules-lines");
      body.append(...rest.map((line) => element("p", "", line)));
      const list = element("dl", "settings-list");
      for (const setting of data.settings || []) {
        list.append(element("dt", "", setting.label), element("dd", "", setting.value));
      }
      more.append(element("summary", "", say("all_rules")), body);
      if (list.childElementCount) more.append(list);
      children.push(more);
    }
    box.replaceChildren(...children);
  }

  $("rules").addEventListener("toggle", () => {
    if ($("rules").open && !$("rules-body").childElementCount) loadRules();
  });

  function showStats(stats) {
    if (stats) $("stats").textContent = say("games_won", stats);
  }

  Object.assign(shell, { renderLearn, showStats, drawRules });
})();
