// The play page in an open tab: when it becomes the player's turn (the poll brings a new
// #game), the tab's title says "(Your turn) <game>", a live region tells screen readers, and,
// only if the player asked for it with the button, the browser shows a notification.
// Optional: the page works without this file.
(function () {
  "use strict";
  var plainTitle = document.title;
  var wasMyTurn = null;

  function turnState() {
    return document.getElementById("turn-state");
  }

  function notify(state) {
    if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) {
      return;
    }
    try {
      new Notification(state.dataset.title, { body: state.dataset.announcement, tag: location.pathname });
    } catch (error) {
      // Some browsers allow notifications from a service worker only: the title still says it.
    }
  }

  function update() {
    var state = turnState();
    if (!state) {
      return;
    }
    var mine = state.dataset.myTurn === "true";
    document.title = mine ? state.dataset.title : plainTitle;
    if (mine && wasMyTurn === false) {
      var announcer = document.getElementById("turn-announcer");
      if (announcer) {
        announcer.textContent = state.dataset.announcement;
      }
      notify(state);
    }
    wasMyTurn = mine;
  }

  function offerNotifications() {
    var offer = document.getElementById("turn-notification");
    var button = document.getElementById("turn-notification-button");
    if (!offer || !button || !("Notification" in window) || Notification.permission !== "default") {
      return;
    }
    offer.hidden = false;
    button.addEventListener("click", function () {
      // Asked once, when the player clicks: the browser remembers the answer.
      Notification.requestPermission().then(function () {
        offer.hidden = true;
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    update();
    offerNotifications();
  });
  document.addEventListener("htmx:afterSettle", update);
})();
