// A large choice in steps (games/steps.py): the page draws the same steps as the group's
// keyboard, by itself — a step is no round trip to the server. The payload's `actions` are the
// first step (a button with `step` opens that step), `steps` every other step by its path:
// its name and rows. Back (or Escape) goes one step up; a final choice posts the move as any
// button. The open step is this page's alone, and only for the decision it was opened on.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, say, element } = shell;

  // The step open now, {key, label, rows}; null for the first step.
  function openStep(table) {
    const open = state.step;
    const steps = table.steps || {};
    if (!open || open.table !== table.id || open.decision !== table.decision) return null;
    return open.key in steps ? Object.assign({ key: open.key }, steps[open.key]) : null;
  }

  // Show another step: only the buttons are drawn again, and the keyboard's focus goes to
  // the step's first choice (or, back up, to the button that opened the step left).
  function go(key, from) {
    const table = state.table;
    state.step = key ? { key: key, table: table.id, decision: table.decision } : null;
    shell.renderActions(table);
    const open = openStep(table);
    if (open) shell.announce(open.label);
    shell.flushAnnouncement();
    const actions = $("actions");
    const target = open ? actions.querySelector(".step-choices button")
      : from && actions.querySelector(`[data-action="${CSS.escape("step:" + from)}"]`);
    (target || actions.querySelector("button:not([disabled])") || actions).focus({ preventScroll: true });
    shell.haptic("selection");
  }

  function parentOf(key) {
    const keys = key.split(".");
    keys.pop();
    return keys.join(".");
  }

  // A button that opens a step.
  function stepButton(item) {
    return shell.button(item.label, () => go(item.step), "step:" + item.step, item.style);
  }

  // Above a step's choices: Back, and the step's name (which also names the choices' group).
  function stepHead(open) {
    const back = shell.button(say("back"), () => go(parentOf(open.key), open.key), "step-back", "plain");
    const name = element("span", "step-name", open.label);
    name.id = "step-name";
    const head = [back, name];
    head.kind = "step-head";
    return head;
  }

  // A step's choices are a group, named by the step, for a screen reader.
  function nameStep(row) {
    row.classList.add("step-choices");
    row.setAttribute("role", "group");
    row.setAttribute("aria-labelledby", "step-name");
  }

  // Escape in a step goes back up, as Back does.
  document.addEventListener("keydown", (event) => {
    const open = state.table && openStep(state.table);
    if (event.key !== "Escape" || !open || !$("actions").contains(document.activeElement)) return;
    event.preventDefault();
    go(parentOf(open.key), open.key);
  });

  Object.assign(shell, { openStep, stepButton, stepHead, nameStep });
})();
