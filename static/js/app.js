// Every page, as part of the installable app. Optional: without this file (or without
// JavaScript) the site works as it is, without the offline page and the counts.
//
// - The service worker: registered from this script's data-worker (/service-worker.js, scope
//   "/"), then told the page's language so that it keeps the offline page in it.
// - Games waiting: the tab's title begins "(3) " and the app's icon shows 3 (the Badging API,
//   where the browser has it) while the player has 3 games waiting. The number comes from
//   <meta name="games-waiting"> at load, then from the X-Games-Waiting header of every htmx
//   answer that carries it (the play page's news and moves) and from the worker's
//   {type: "games-waiting", count} after a push. Other scripts may set the title (the turn
//   alert): the count is put back before it whenever the title changes.
(function () {
  "use strict";
  var PREFIX = /^\(\d+\) /;
  var script = document.currentScript;
  var state = { count: null, observer: null };

  function applyTitle() {
    var plain = document.title.replace(PREFIX, "");
    var wanted = state.count > 0 ? "(" + state.count + ") " + plain : plain;
    if (document.title !== wanted) {
      document.title = wanted;
    }
  }

  function setBadge(count) {
    if (!("setAppBadge" in navigator)) {
      return;
    }
    var done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
    if (done && done.catch) {
      done.catch(function () {
        // Not an installed app, or no permission: the title says it.
      });
    }
  }

  function setCount(value) {
    var count = parseInt(value, 10);
    if (isNaN(count) || count < 0 || count === state.count) {
      return;
    }
    state.count = count;
    applyTitle();
    setBadge(count);
  }

  function watchTitle() {
    var title = document.querySelector("head > title");
    if (!title || !("MutationObserver" in window)) {
      return;
    }
    state.observer = new MutationObserver(applyTitle);
    state.observer.observe(title, { childList: true, characterData: true, subtree: true });
  }

  function registerWorker() {
    var url = script && script.dataset.worker;
    if (!url || !("serviceWorker" in navigator)) {
      return;
    }
    navigator.serviceWorker
      .register(url, { scope: "/" })
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function (registration) {
        if (registration.active) {
          registration.active.postMessage({ type: "language", lang: document.documentElement.lang });
        }
      })
      .catch(function () {
        // No worker (a private window, an old browser): the site works without it.
      });
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type === "games-waiting") {
        setCount(data.count);
      }
    });
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var value = xhr && xhr.getResponseHeader("X-Games-Waiting");
    if (value !== null && value !== undefined) {
      setCount(value);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var meta = document.querySelector('meta[name="games-waiting"]');
    if (meta) {
      setCount(meta.content);
    }
    watchTitle();
  });

  registerWorker();
})();
