// The play page follows its game as it happens. Optional: without this file (or without
// JavaScript) the page is up to date at each visit.
//
// The protocol, as the page sees it:
// - Stream. #game-sync's data-stream is the URL of the live process's stream (Server-Sent
//   Events) for the page's poll token. It says "version N" at once and at each change of the
//   game, "chat" when a chat line the viewer may read was written (the chat then fetches its
//   lines), and pings. It carries versions only.
// - News fetch. A version newer than the page's (#game-sync's data-version) makes the page ask
//   the ordinary, access-checked poll view (data-poll) for what changed since: a patch of the
//   pieces that changed, or the whole game, swapped in by htmx. One fetch at a time; a version
//   announced while one is on its way asks again when it is answered.
// - Held fetch. While the person's own request (a move, an undo) is on its way, the news waits
//   for its answer, so that neither answer replaces the element the other came from.
// - Fallback to polling. While the stream is not open (an old browser, a proxy that buffers
//   it, a refused or dropped connection), the page polls the same view every 4 s instead,
//   longer after each failed answer, and asks the chat for its lines every few polls.
// - Refused or dropped stream. The browser reconnects a dropped stream by itself; a refused
//   one (403, 429 "too many streams", 503 "busy, try again later": the browser cannot tell
//   them apart) is closed for good and tried again here, later each time (2 s, doubled up to
//   60 s), while the page polls and catches up at once.
// - Reopening with a fresh token. A stream lives as long as its poll token: then it says
//   "reopen" and ends. The page fetches its news, whose answer carries a fresh token in a new
//   #game-sync even when the game did not move on, and opens the stream again with it. Every
//   answer brings a new #game-sync; an open stream goes on as it is.
(function () {
  "use strict";
  var POLL_SECONDS = 4;
  var POLL_MAX_SECONDS = 60;
  var STREAM_RETRY_SECONDS = 2;
  var STREAM_MAX_SECONDS = 60;
  var CHAT_EVERY_POLLS = 3;

  var state = {
    stream: null, // the open EventSource, or null
    opened: false, // a stream was open before
    streamRetry: STREAM_RETRY_SECONDS, // seconds before the next try of a refused stream
    streamTimer: null,
    pollDelay: POLL_SECONDS,
    pollTimer: null,
    polls: 0, // polls made while the stream was not open
    fetching: false, // a request for the game's news is on its way
    pending: 0, // the person's own requests on their way
    waiting: false, // news held back until they are answered
    newest: 0, // the newest version the stream announced
  };

  function sync() {
    return document.getElementById("game-sync");
  }

  function pageVersion() {
    var element = sync();
    return element ? parseInt(element.dataset.version, 10) : NaN;
  }

  function streamOpen() {
    return state.stream !== null && state.stream.readyState === EventSource.OPEN;
  }

  // Asks the poll view for the news since the page's version; the answer (204, a patch, or
  // the whole game) is swapped in by htmx. Calls done(ok) when it is over.
  function fetchNews(done) {
    var element = sync();
    if (!element || state.fetching || typeof htmx === "undefined") {
      if (done) {
        done(true);
      }
      return;
    }
    if (state.pending > 0) {
      state.waiting = true; // the person's own request answers first; then the news
      if (done) {
        done(true);
      }
      return;
    }
    state.fetching = true;
    var url = element.dataset.poll + "&version=" + encodeURIComponent(element.dataset.version);
    // From the body, which no answer replaces: htmx looks for a patch's pieces from the
    // request's source, and a move's answer may replace #game while this one is on its way.
    htmx.ajax("GET", url, { source: document.body, target: "#game", swap: "outerHTML" }).then(
      function () {
        state.fetching = false;
        // A version announced while this request was on its way: ask again.
        if (state.stream && state.newest > pageVersion()) {
          fetchNews();
        }
        if (done) {
          done(true);
        }
      },
      function () {
        state.fetching = false;
        if (done) {
          done(false);
        }
      }
    );
  }

  // Tells the chat (its hx-trigger "chat-news from:body") to fetch its new lines.
  function chatNews() {
    document.body.dispatchEvent(new CustomEvent("chat-news"));
  }

  function schedulePoll() {
    clearTimeout(state.pollTimer);
    state.pollTimer = null;
    if (streamOpen()) {
      return; // the stream tells the page; no poll
    }
    state.pollTimer = setTimeout(function () {
      state.pollTimer = null;
      if (streamOpen()) {
        return;
      }
      fetchNews(function (ok) {
        state.pollDelay = ok ? POLL_SECONDS : Math.min(state.pollDelay * 2, POLL_MAX_SECONDS);
        state.polls += 1;
        if (state.polls % CHAT_EVERY_POLLS === 0) {
          chatNews(); // without the stream, the chat looks for new lines every few polls
        }
        schedulePoll();
      });
    }, state.pollDelay * 1000);
  }

  function closeStream() {
    if (state.stream) {
      state.stream.close();
      state.stream = null;
    }
  }

  // The stream's token expired: fetch the news (and with them a fresh token), then open the
  // stream again with it.
  function reopen() {
    closeStream();
    schedulePoll();
    fetchNews(function () {
      if (!state.stream && !state.streamTimer) {
        openStream();
      }
    });
  }

  function openStream() {
    clearTimeout(state.streamTimer);
    state.streamTimer = null;
    var element = sync();
    var url = element && element.dataset.stream;
    closeStream();
    if (!url || !("EventSource" in window)) {
      schedulePoll();
      return;
    }
    var source = new EventSource(url, { withCredentials: true });
    state.stream = source;
    source.addEventListener("open", function () {
      if (state.opened) {
        chatNews(); // lines written while the stream was away
      }
      state.opened = true;
      state.streamRetry = STREAM_RETRY_SECONDS;
      clearTimeout(state.pollTimer);
      state.pollTimer = null;
    });
    source.addEventListener("version", function (event) {
      var version = parseInt(event.data, 10);
      if (version > state.newest) {
        state.newest = version;
      }
      if (version > pageVersion()) {
        fetchNews();
      }
    });
    source.addEventListener("chat", chatNews);
    source.addEventListener("reopen", function () {
      if (source === state.stream) {
        reopen();
      }
    });
    source.addEventListener("error", function () {
      if (source !== state.stream) {
        return;
      }
      schedulePoll();
      fetchNews();
      if (source.readyState === EventSource.CLOSED) {
        state.stream = null;
        state.streamTimer = setTimeout(openStream, state.streamRetry * 1000);
        state.streamRetry = Math.min(state.streamRetry * 2, STREAM_MAX_SECONDS);
      }
    });
  }

  function start() {
    if (!sync()) {
      return;
    }
    openStream();
    schedulePoll();
  }

  // The person's own requests (moves, undo), counted by their XMLHttpRequest, whose "loadend"
  // comes after htmx has swapped the answer in, whatever element the request came from and
  // wherever that element is by then.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var xhr = event.detail.xhr;
    if (event.detail.elt === document.body || !xhr) {
      return;
    }
    state.pending += 1;
    xhr.addEventListener("loadend", function () {
      state.pending = Math.max(0, state.pending - 1);
      if (state.pending === 0 && state.waiting) {
        state.waiting = false;
        fetchNews();
      }
    });
  });

  document.addEventListener("DOMContentLoaded", start);
  // Each answer brings a new #game-sync (its version, and a fresh token in its URLs, which the
  // next opening of the stream takes); the open stream goes on as it is.
  document.addEventListener("htmx:afterSettle", function () {
    if (!sync()) {
      closeStream();
      clearTimeout(state.pollTimer);
    } else if (!state.stream && !state.streamTimer) {
      openStream();
    }
  });
  window.addEventListener("pagehide", closeStream);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      start();
      fetchNews();
    }
  });
})();
