// The text mode of the play page (games/text_mode.py): what a screen reader needs beyond the
// page's words. Loaded only in the text mode; live.js keeps the page up to date as ever.
//
// - News read out. The page's pieces are swapped by htmx (a move's answer, the news of the
//   stream or the poll), and a replaced element is not read out. So after each swap the new
//   lines of the move log (#game-log, newest first) and a new turn status (#game-status) are
//   copied into #text-mode-news, a live region outside the swapped pieces, which the screen
//   reader reads as they come.
// - Focus kept. When the player's own move replaced the button they pressed, the focus goes to
//   their actions (#game-actions) if it is their turn again, else to the moves, instead of the
//   top of the page.
// - Keys. The links at the top of the page carry access keys (B the board, A the actions,
//   L the moves, C the chat); the chat's link goes when the page has no chat.
(function () {
  "use strict";
  var KEPT_NEWS = 20; // lines kept in the live region

  var state = {
    log: [], // the move log's lines, newest first, as last read
    status: "", // the turn status, as last read
  };

  function lineText(item) {
    var copy = item.cloneNode(true);
    copy.querySelectorAll("a").forEach(function (link) {
      link.remove(); // the "?" links to the rules
    });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function readLog() {
    var items = document.querySelectorAll("#game-log .move-log li");
    return Array.prototype.map.call(items, lineText);
  }

  function readStatus() {
    var element = document.querySelector("#game-status .turn-status");
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // The lines of ``now`` above the first place where ``before`` goes on (both newest first):
  // the lines written since. A log cut at its end still lines up.
  function newLines(before, now) {
    if (before.length === 0) {
      return [];
    }
    for (var start = 0; start < now.length; start += 1) {
      var same = true;
      for (var i = 0; start + i < now.length && i < before.length; i += 1) {
        if (now[start + i] !== before[i]) {
          same = false;
          break;
        }
      }
      if (same) {
        return now.slice(0, start);
      }
    }
    return now.slice();
  }

  function announce(texts) {
    var region = document.getElementById("text-mode-news");
    if (!region) {
      return;
    }
    texts.forEach(function (text) {
      var line = document.createElement("p");
      line.textContent = text;
      region.appendChild(line);
    });
    while (region.childElementCount > KEPT_NEWS) {
      region.removeChild(region.firstElementChild);
    }
  }

  function focusLost() {
    var active = document.activeElement;
    return !active || active === document.body || !document.body.contains(active);
  }

  function afterSwap() {
    var log = readLog();
    var status = readStatus();
    var news = newLines(state.log, log).reverse(); // oldest first, as they happened
    if (status && status !== state.status) {
      news.push(status);
    }
    state.log = log;
    state.status = status;
    announce(news);
    if (focusLost()) {
      var actions = document.getElementById("game-actions");
      var target = actions && !actions.hidden ? actions : document.getElementById("game-log");
      if (target) {
        target.focus();
      }
    }
  }

  // The keys' links to parts the page does not have now (the actions when it is not the
  // player's turn, the chat of a page without one) are hidden until the part comes.
  function showKeys() {
    document.querySelectorAll('.text-mode-keys a[href^="#"]').forEach(function (link) {
      link.parentElement.hidden = !document.getElementById(link.getAttribute("href").slice(1));
    });
  }

  function start() {
    state.log = readLog();
    state.status = readStatus();
    showKeys();
    document.body.addEventListener("htmx:afterSettle", afterSwap);
    document.body.addEventListener("htmx:afterSettle", showKeys);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
