// Keyboard and eyes: the focus kept across redraws, and your move brought into view when
// your turn comes.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $ } = shell;

  // Redrawing replaces the buttons: a keyboard's focus comes back to the same button (by its
  // action or item), else to the first button where it was, never lost to the page's top.
  function focusKey() {
    const el = document.activeElement;
    if (!el || el === document.body || !$("table").contains(el)) return null;
    const area = el.closest("section[id], ol[id], p[id]");
    return { area: area && area.id, action: el.dataset.action, item: el.dataset.item };
  }

  function restoreFocus(key) {
    if (!key || (document.activeElement && document.activeElement !== document.body)) return;
    const area = key.area ? $(key.area) : null;
    const same = key.action ? `[data-action="${CSS.escape(key.action)}"]`
      : key.item ? `[data-item="${CSS.escape(key.item)}"]` : null;
    const target = (same && document.querySelector("#table " + same)) ||
      (area && area.querySelector("button:not([disabled]), summary, a[href]")) ||
      $("actions").querySelector("button:not([disabled])");
    if (target) target.focus({ preventScroll: true });
  }

  // Your move, in view: when your turn comes, the buttons and what you answer (the trick or
  // claim the game marks data-answer), with the reveal just above when all fit, are scrolled
  // onto the screen together, never hidden below the fold.
  function bringMoveIntoView() {
    const targets = [...document.querySelectorAll("#private:not([hidden]), #actions .row")];
    if (!targets.length) return;
    const moment = $("moment");
    const answer = document.querySelector("#game-area [data-answer]");
    const top = Math.min(...targets.map((el) => el.getBoundingClientRect().top));
    const bottom = Math.max(...targets.map((el) => el.getBoundingClientRect().bottom));
    const height = window.innerHeight;
    const bar = document.querySelector("#app > .bar");  // sticky: it covers the screen's top
    const head = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
    const tops = [top];
    if (answer) tops.unshift(Math.min(top, answer.getBoundingClientRect().top));
    if (!moment.hidden && state.momentFresh) tops.unshift(Math.min(tops[0], moment.getBoundingClientRect().top));
    // Best of all, the whole table from its top down (the title, whose turn it is, stays in
    // the sticky bar): back up if it fits. The bar never moves, so the felt's top is the mark.
    tops.unshift(Math.min(tops[0], $("felt").getBoundingClientRect().top));
    const from = tops.find((t) => bottom - t <= height - head - 16);
    let by = 0;
    if (from !== undefined) {
      if (bottom > height) by = bottom - height + 8;
      else if (from < head) by = from - head - 8;
    } else {
      by = bottom > height ? Math.min(bottom - height + 8, top - head - 8) : top < head ? top - head - 8 : 0;
    }
    if (Math.abs(by) > 1) window.scrollBy({ top: by, behavior: shell.reducedMotion() ? "auto" : "smooth" });
  }

  Object.assign(shell, { focusKey, restoreFocus, bringMoveIntoView });
})();
