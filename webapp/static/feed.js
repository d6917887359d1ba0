// "Since your last move" (webapp/feed.py): what the others did while you waited, told to
// you, between the table and the result card. The newest lines show; the earlier ones fold
// away ("Earlier (n)"). On your turn the whole feed folds to its title (a tap opens it): the
// table and your move come first. A fold stays as you left it while the feed grows.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, element } = shell;

  function list(lines) {
    const ol = element("ol", "feed-lines");
    ol.append(...lines.map((line) => element("li", "", line)));
    return ol;
  }

  function fold(className, label, key, children) {
    const details = element("details", className);
    details.open = !!state[key];
    details.addEventListener("toggle", () => { state[key] = details.open; });
    details.append(element("summary", "", label), ...children);
    return details;
  }

  function renderFeed(table) {
    const box = $("feed");
    const feed = table.status === "lobby" ? null : table.feed;
    if (!feed || !feed.lines.length) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const body = [];
    if (feed.earlier.length) body.push(fold("feed-earlier", feed.earlier_label, "feedOpen", [list(feed.earlier)]));
    body.push(list(feed.lines));
    if (table.decision !== null && table.decision !== undefined) {
      const count = feed.lines.length + feed.earlier.length;
      box.replaceChildren(fold("feed-all", feed.title + " (" + count + ")", "feedTurnOpen", body));
    } else {
      box.replaceChildren(element("h2", "feed-title", feed.title), ...body);
    }
    box.setAttribute("aria-label", feed.title);
    box.hidden = false;
  }

  Object.assign(shell, { renderFeed });
})();
