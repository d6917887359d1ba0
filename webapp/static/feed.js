// "Since your last move" (webapp/feed.py): what the others did while you waited, told to
// you, between the table and the result card. The newest lines show; the earlier ones fold
// away ("Earlier (n)"), and the fold stays as you left it while the feed grows.
"use strict";
(function () {
  const shell = window.Shell;
  const { state, $, element } = shell;

  function list(lines) {
    const ol = element("ol", "feed-lines");
    ol.append(...lines.map((line) => element("li", "", line)));
    return ol;
  }

  function renderFeed(table) {
    const box = $("feed");
    const feed = table.status === "lobby" ? null : table.feed;
    if (!feed || !feed.lines.length) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const title = element("h2", "feed-title", feed.title);
    title.id = "feed-title";
    const children = [title];
    if (feed.earlier.length) {
      const fold = element("details", "feed-earlier");
      fold.open = !!state.feedOpen;
      fold.addEventListener("toggle", () => { state.feedOpen = fold.open; });
      fold.append(element("summary", "", feed.earlier_label), list(feed.earlier));
      children.push(fold);
    }
    children.push(list(feed.lines));
    box.replaceChildren(...children);
    box.hidden = false;
  }

  Object.assign(shell, { renderFeed });
})();
