// The site's service worker, served at /service-worker.js (scope "/") by
// africa_site.webapp.service_worker, which puts before this file the line
//   self.PRECACHE = {"version": "...", "offline": "/offline/", "assets": ["/static/...", ...]};
// naming the offline page and the static files to keep (their names change with their content
// in production).
//
// What it keeps, and what it never keeps:
// - Install: the offline page and those static files go into one cache named after the
//   version; activation deletes the caches of older versions.
// - Navigations: always the network first; only when the network fails, the offline page
//   ("You are offline..."). The page that was asked for is never stored.
// - Static files (/static/): from the cache when kept there, else from the network, and not
//   stored. Nothing else is answered by the worker: a game page, a form's answer, a POST, a
//   poll, JSON or anything private goes to the network as if there were no worker.
// - Language: each page tells the worker its language ({type: "language", lang}); when the
//   kept offline page is in another one (its Content-Language), the worker fetches it again.
//
// Pushes (the server's notifications.push, Web Push): the payload is JSON
//   {"title", "body", "url", "tag", "badge", "actions"?: [{"action", "title", "url"}]}
// shown as a notification (a newer one of the same tag replaces the older one), with the app
// badge set to "badge" (the games waiting) where the browser has the Badging API, and told to
// the open pages ({type: "games-waiting", count}) so that their titles follow it.
// Clicks: an action opens its URL (the signed one-click link of the mails, whose page asks to
// confirm); the notification itself focuses an open window of its URL, or opens one.
"use strict";

var CONFIG = self.PRECACHE || { version: "dev", offline: "/offline/", assets: [] };
var CACHE = "africa-" + CONFIG.version;
var ICON = CONFIG.icon || "";
var BADGE_ICON = CONFIG.badgeIcon || "";

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.addAll([CONFIG.offline].concat(CONFIG.assets));
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf("africa-") === 0 && name !== CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

function offlinePage() {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(CONFIG.offline);
  });
}

function isKeptAsset(url) {
  return url.origin === self.location.origin && CONFIG.assets.indexOf(url.pathname) !== -1;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    return; // a POST (a move, a form) is the network's alone
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(function () {
        return offlinePage().then(function (page) {
          return page || Response.error();
        });
      })
    );
    return;
  }
  var url = new URL(request.url);
  if (isKeptAsset(url)) {
    event.respondWith(
      caches.match(request).then(function (kept) {
        return kept || fetch(request);
      })
    );
  }
  // Anything else (polls, JSON, the live stream, other pages' parts): not answered here.
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "language" || !data.lang) {
    return;
  }
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.match(CONFIG.offline).then(function (kept) {
        var lang = kept ? kept.headers.get("Content-Language") : null;
        if (kept && lang === data.lang) {
          return undefined;
        }
        return cache.add(CONFIG.offline).catch(function () {
          return undefined; // offline now: the page kept will do
        });
      });
    })
  );
});

// The number on the app's icon: the games waiting (0 clears it).
function setBadge(count) {
  var navigator = self.navigator;
  if (typeof count !== "number" || !navigator || !("setAppBadge" in navigator)) {
    return Promise.resolve();
  }
  var done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  return done.catch(function () {
    return undefined; // no permission to badge: the title still says it
  });
}

// Tells the open pages the number of games waiting (static/js/app.js puts it in their title).
function tellPages(count) {
  if (typeof count !== "number") {
    return Promise.resolve();
  }
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    windows.forEach(function (client) {
      client.postMessage({ type: "games-waiting", count: count });
    });
  });
}

// The notification's options from a push's payload (see the opening comment).
function notificationOptions(payload) {
  var actions = Array.isArray(payload.actions) ? payload.actions.slice(0, 2) : [];
  var options = {
    body: payload.body || "",
    tag: payload.tag || "",
    renotify: Boolean(payload.tag),
    data: { url: payload.url || "/", actions: actions },
    actions: actions.map(function (action) {
      return { action: action.action, title: action.title };
    }),
  };
  if (ICON) {
    options.icon = ICON;
  }
  if (BADGE_ICON) {
    options.badge = BADGE_ICON;
  }
  return options;
}
self.notificationOptions = notificationOptions;

// Shows a push's payload: the notification, then the app badge and the pages' titles.
function showPush(payload) {
  var title = payload.title || "";
  return self.registration.showNotification(title, notificationOptions(payload)).then(function () {
    return Promise.all([setBadge(payload.badge), tellPages(payload.badge)]);
  });
}
self.showPush = showPush;

self.addEventListener("push", function (event) {
  var payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch (error) {
    payload = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(showPush(payload));
});

// The window of the site showing ``url`` (an absolute URL), focused, or a new one.
function focusOrOpen(url) {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i += 1) {
      if (windows[i].url === url && "focus" in windows[i]) {
        return windows[i].focus();
      }
    }
    return self.clients.openWindow(url);
  });
}

// The URL a click on the notification (``action``: the action's name, "" for the body) leads
// to, absolute, on the site's own origin only.
function clickTarget(data, action) {
  var url = (data && data.url) || "/";
  if (action && data && Array.isArray(data.actions)) {
    data.actions.forEach(function (candidate) {
      if (candidate.action === action && candidate.url) {
        url = candidate.url;
      }
    });
  }
  var target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.href : self.location.origin + "/";
}
self.clickTarget = clickTarget;

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(focusOrOpen(clickTarget(event.notification.data, event.action)));
});
