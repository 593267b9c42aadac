// The play page follows its game as it happens. The live process's stream (Server-Sent
// Events, the URL in #game-sync's data-stream) says "version N" at each change of the game,
// and the page then asks the ordinary, access-checked poll view for what changed since its
// own version (#game-sync's data-version): a patch of the pieces that changed, or the whole
// game. The stream carries versions only. While the stream is not open (an old browser, a
// proxy that buffers it, a refused or closed connection), the page polls the same view every
// 4 s instead, waiting longer after each failed answer, and tries the stream again, later
// each time. A "chat" message of the stream tells the chat to fetch its new lines.
// Optional: without this file (or without JavaScript) the page is up to date at each visit.
(function () {
  "use strict";
  var POLL_SECONDS = 4;
  var POLL_MAX_SECONDS = 60;
  var STREAM_RETRY_SECONDS = 2;
  var STREAM_MAX_SECONDS = 60;

  var stream = null; // the open EventSource, or null
  var opened = false; // a stream was open before
  var streamRetry = STREAM_RETRY_SECONDS;
  var streamTimer = null;
  var pollDelay = POLL_SECONDS;
  var pollTimer = null;
  var polls = 0; // polls made while the stream was not open
  var CHAT_EVERY_POLLS = 3;
  var fetching = false; // a request for the game's news is on its way
  var pending = 0; // the person's own requests on their way
  var waiting = false; // news held back until they are answered
  var newest = 0; // the newest version the stream announced

  function sync() {
    return document.getElementById("game-sync");
  }

  function pageVersion() {
    var element = sync();
    return element ? parseInt(element.dataset.version, 10) : NaN;
  }

  // Asks the poll view for the news since the page's version; the answer (204, a patch, or
  // the whole game) is swapped in by htmx. Calls done(ok) when it is over.
  function fetchNews(done) {
    var element = sync();
    if (!element || fetching || typeof htmx === "undefined") {
      if (done) {
        done(true);
      }
      return;
    }
    if (pending > 0) {
      waiting = true; // the person's own request answers first; then the news, if still new
      if (done) {
        done(true);
      }
      return;
    }
    fetching = true;
    var url = element.dataset.poll + "&version=" + encodeURIComponent(element.dataset.version);
    // From the body, which no answer replaces: htmx looks for a patch's pieces from the
    // request's source, and a move's answer may replace #game while this one is on its way.
    htmx.ajax("GET", url, { source: document.body, target: "#game", swap: "outerHTML" }).then(
      function () {
        fetching = false;
        // A version announced while this request was on its way: ask again.
        if (stream && newest > pageVersion()) {
          fetchNews();
        }
        if (done) {
          done(true);
        }
      },
      function () {
        fetching = false;
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
    clearTimeout(pollTimer);
    pollTimer = null;
    if (stream && stream.readyState === EventSource.OPEN) {
      return; // the stream tells the page; no poll
    }
    pollTimer = setTimeout(function () {
      pollTimer = null;
      if (stream && stream.readyState === EventSource.OPEN) {
        return;
      }
      fetchNews(function (ok) {
        pollDelay = ok ? POLL_SECONDS : Math.min(pollDelay * 2, POLL_MAX_SECONDS);
        polls += 1;
        if (polls % CHAT_EVERY_POLLS === 0) {
          chatNews(); // without the stream, the chat looks for new lines every few polls
        }
        schedulePoll();
      });
    }, pollDelay * 1000);
  }

  function closeStream() {
    if (stream) {
      stream.close();
      stream = null;
    }
  }

  function openStream() {
    clearTimeout(streamTimer);
    streamTimer = null;
    var element = sync();
    var url = element && element.dataset.stream;
    if (!url || !("EventSource" in window)) {
      closeStream();
      schedulePoll();
      return;
    }
    closeStream();
    var source = new EventSource(url, { withCredentials: true });
    stream = source;
    source.addEventListener("open", function () {
      if (opened) {
        chatNews(); // lines written while the stream was away
      }
      opened = true;
      streamRetry = STREAM_RETRY_SECONDS;
      clearTimeout(pollTimer);
      pollTimer = null;
    });
    source.addEventListener("version", function (event) {
      var version = parseInt(event.data, 10);
      if (version > newest) {
        newest = version;
      }
      if (version > pageVersion()) {
        fetchNews();
      }
    });
    source.addEventListener("chat", chatNews);
    source.addEventListener("error", function () {
      if (source !== stream) {
        return;
      }
      // The browser reconnects a dropped stream by itself; a refused one (an answer that is
      // not a stream) is closed for good, and tried again here, later each time. Either way,
      // the page polls until the stream is open again, and catches up at once.
      schedulePoll();
      fetchNews();
      if (source.readyState === EventSource.CLOSED) {
        stream = null;
        streamTimer = setTimeout(openStream, streamRetry * 1000);
        streamRetry = Math.min(streamRetry * 2, STREAM_MAX_SECONDS);
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

  // The person's own requests (moves, undo): while one is on its way, the news waits for
  // its answer, so that neither answer replaces the element the other came from.
  // Counted by their XMLHttpRequest, whose "loadend" comes after htmx has swapped the answer
  // in, whatever element the request came from and wherever that element is by then.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var xhr = event.detail.xhr;
    if (event.detail.elt === document.body || !xhr) {
      return;
    }
    pending += 1;
    xhr.addEventListener("loadend", function () {
      pending = Math.max(0, pending - 1);
      if (pending === 0 && waiting) {
        waiting = false;
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
      clearTimeout(pollTimer);
    } else if (!stream && !streamTimer) {
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
