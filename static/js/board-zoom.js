// Zoom and pan of the board on the play page and the replay, for every game.
//
// The board is an SVG inside a ".board-area"; it fits the width of the screen (board-zoom.css).
// This file adds the buttons of templates/games/partials/board_zoom.html above it and zooms by
// narrowing the SVG's viewBox, so the page never grows wider than the screen and the links on
// the board (the hexes to click) keep working at every scale:
//   - the buttons: zoom in, zoom out, the whole board;
//   - a pinch with two fingers, Ctrl + the wheel (a trackpad's pinch), or the wheel alone while
//     the board has the keyboard's focus;
//   - a drag (mouse, pen or one finger) pans a zoomed board; a drag is never taken for a click;
//   - the keys +, - and 0, and the arrow keys to pan, while the board has the focus.
// The scale survives the board being drawn anew (htmx swaps the game after each move) for as
// long as the page is open. Without this file the board simply fits the width.
//
// For a finger on a phone (WCAG 2.2, target size): a board whose places to click (its links)
// would be less than TARGET CSS pixels across opens zoomed just enough, centred on this
// turn's targets (the links that are moves, not the "why not?" ones); and on arrival, when
// the pinned move panel (".actions", sticky at the bottom) covers those targets, the page
// scrolls them into view above it, never past the top of the board. After a move the view
// moves onto the new targets when none is in view, and a place reached by the keyboard is
// brought into view. Words on the board
// smaller than TEXT pixels at the current scale are hidden rather than shown unreadable
// (class "board-text-small"); zooming in shows them.
(function () {
  "use strict";

  var MIN_SCALE = 1;
  var MAX_SCALE = 8;
  var STEP = 1.5;
  var PAN_FRACTION = 0.2; // of the visible width or height, per arrow key
  var DRAG_THRESHOLD = 6; // CSS pixels a pointer moves before a press becomes a drag
  var views = {}; // {board key: {scale, cx, cy}} kept across redraws of the same board
  var TARGET = 24; // CSS pixels: the least width and height of a place to click
  var TEXT = 11; // CSS pixels: the least size of the words shown on the board
  var arrived = false; // the first board of the page has been set up

  function parseViewBox(svg) {
    var parts = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    if (parts.length !== 4 || parts.some(isNaN) || parts[2] <= 0 || parts[3] <= 0) {
      return null;
    }
    return { x: parts[0], y: parts[1], w: parts[2], h: parts[3] };
  }

  function Zoom(area, svg, controls) {
    this.area = area;
    this.svg = svg;
    this.home = parseViewBox(svg);
    this.key = location.pathname + "#" + (area.id || "board");
    var saved = views[this.key];
    this.scale = saved ? saved.scale : 1;
    this.cx = saved ? saved.cx : this.home.x + this.home.w / 2;
    this.cy = saved ? saved.cy : this.home.y + this.home.h / 2;
    this.pointers = {};
    this.controls = controls;
    this.viewport = document.createElement("div");
    this.viewport.className = "board-zoom-viewport";
    this.viewport.tabIndex = 0;
    this.viewport.setAttribute("aria-describedby", controls.id + "-help");
    svg.parentNode.insertBefore(this.viewport, svg);
    this.viewport.appendChild(svg);
    this.viewport.parentNode.insertBefore(controls, this.viewport);
    svg.classList.add("board-zoomable");
    this.texts = Array.prototype.slice.call(svg.querySelectorAll("text"));
    this.listen();
    if (!saved) this.fitTargets();
    else this.followTargets();
    this.draw();
  }

  // The box of ``link``'s place to click in the board's units (its box on the screen taken
  // back through the board's current view: a place may sit in translated groups).
  Zoom.prototype.boardBox = function (link) {
    var rect = hitOf(link).getBoundingClientRect();
    var back = this.svg.getScreenCTM().inverse();
    var a = new DOMPoint(rect.left, rect.top).matrixTransform(back);
    var b = new DOMPoint(rect.right, rect.bottom).matrixTransform(back);
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  };

  // Whether the box ``box`` (board units) lies wholly in the current view.
  Zoom.prototype.shows = function (box) {
    var w = this.home.w / this.scale;
    var h = this.home.h / this.scale;
    return box.x >= this.cx - w / 2 && box.x + box.width <= this.cx + w / 2 &&
      box.y >= this.cy - h / 2 && box.y + box.height <= this.cy + h / 2;
  };

  // A board drawn anew (after a move) keeps its scale; when none of this turn's targets is
  // in view, the view moves onto them.
  Zoom.prototype.followTargets = function () {
    var targets = this.targets();
    var self = this;
    if (!targets.length || this.scale <= MIN_SCALE) return;
    if (targets.some(function (link) { return self.shows(self.boardBox(link)); })) return;
    this.centreOn(targets);
  };

  // Centre the view on the box around ``links``.
  Zoom.prototype.centreOn = function (links) {
    var left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    var self = this;
    links.forEach(function (link) {
      var box = self.boardBox(link);
      left = Math.min(left, box.x);
      top = Math.min(top, box.y);
      right = Math.max(right, box.x + box.width);
      bottom = Math.max(bottom, box.y + box.height);
    });
    this.cx = (left + right) / 2;
    this.cy = (top + bottom) / 2;
  };

  // The element whose box is the place to click of a link of the board: its hit area or hex
  // when it has one, else the link itself.
  function hitOf(link) {
    return link.querySelector(".hit, .hex") || link;
  }

  // The links of the board that are this turn's moves (not the "why not?" places).
  Zoom.prototype.targets = function () {
    return Array.prototype.filter.call(this.svg.querySelectorAll("a[href]"), function (link) {
      return !link.classList.contains("why-not");
    });
  };

  // Open zoomed when a place to click would be smaller than TARGET pixels: at the least scale
  // that makes every place that large, centred on this turn's targets.
  Zoom.prototype.fitTargets = function () {
    var links = this.svg.querySelectorAll("a[href]");
    if (!links.length) return;
    var smallest = Infinity;
    Array.prototype.forEach.call(links, function (link) {
      var box = hitOf(link).getBoundingClientRect();
      if (box.width > 0 && box.height > 0) smallest = Math.min(smallest, box.width, box.height);
    });
    if (!isFinite(smallest) || smallest >= TARGET) return;
    this.scale = Math.min(MAX_SCALE, Math.ceil((TARGET / smallest) * 100) / 100);
    var targets = this.targets();
    if (targets.length) this.centreOn(targets);
  };

  // On arrival: scroll this turn's targets into view above the pinned move panel, as far as
  // the top of the board allows.
  Zoom.prototype.showTargets = function () {
    var panel = document.querySelector(".actions");
    if (!panel || getComputedStyle(panel).position !== "sticky") return;
    var view = this.viewport.getBoundingClientRect();
    var bottom = -Infinity;
    this.targets().forEach(function (link) {
      var box = hitOf(link).getBoundingClientRect();
      if (box.right < view.left || box.left > view.right) return;
      if (box.bottom < view.top || box.top > view.bottom) return;
      bottom = Math.max(bottom, Math.min(box.bottom, view.bottom));
    });
    var room = panel.getBoundingClientRect().top - 8;
    if (bottom === -Infinity || bottom <= room) return;
    var most = Math.max(0, this.area.getBoundingClientRect().top);
    var by = Math.min(bottom - room, most);
    if (by > 0) window.scrollBy(0, by);
  };

  // Hide the words of the board that the current scale draws smaller than TEXT pixels.
  Zoom.prototype.hideSmallText = function () {
    var matrix = this.svg.getScreenCTM();
    if (!matrix) return;
    this.texts.forEach(function (text) {
      if (text.boardFont === undefined) {
        // Its size in the board's units: its font size times the scale of its own groups.
        var own = text.getScreenCTM();
        var ratio = own && matrix.a ? Math.hypot(own.a, own.b) / matrix.a : 1;
        text.boardFont = parseFloat(getComputedStyle(text).fontSize) * (ratio || 1);
      }
      text.classList.toggle("board-text-small", text.boardFont * matrix.a < TEXT - 0.01);
    }, this);
  };

  Zoom.prototype.draw = function () {
    var home = this.home;
    var w = home.w / this.scale;
    var h = home.h / this.scale;
    // Keep the view inside the board.
    this.cx = Math.min(Math.max(this.cx, home.x + w / 2), home.x + home.w - w / 2);
    this.cy = Math.min(Math.max(this.cy, home.y + h / 2), home.y + home.h - h / 2);
    var box = [this.cx - w / 2, this.cy - h / 2, w, h].map(function (n) {
      return Math.round(n * 100) / 100;
    });
    this.svg.setAttribute("viewBox", box.join(" "));
    this.svg.setAttribute("data-scale", String(Math.round(this.scale * 100) / 100));
    this.viewport.classList.toggle("zoomed", this.scale > MIN_SCALE);
    this.controls.querySelector('[data-zoom="out"]').disabled = this.scale <= MIN_SCALE;
    this.controls.querySelector('[data-zoom="reset"]').disabled = this.scale <= MIN_SCALE;
    this.controls.querySelector('[data-zoom="in"]').disabled = this.scale >= MAX_SCALE;
    var status = this.controls.querySelector(".board-zoom-scale");
    if (status) {
      status.textContent = Math.round(this.scale * 100) + " %";
    }
    views[this.key] = { scale: this.scale, cx: this.cx, cy: this.cy };
    this.hideSmallText();
  };

  // The board point under the client point (x, y), in viewBox units.
  Zoom.prototype.toBoard = function (x, y) {
    var rect = this.svg.getBoundingClientRect();
    var w = this.home.w / this.scale;
    var h = this.home.h / this.scale;
    return {
      x: this.cx - w / 2 + ((x - rect.left) / rect.width) * w,
      y: this.cy - h / 2 + ((y - rect.top) / rect.height) * h,
    };
  };

  // Zoom by ``factor``, keeping the board point under the client point (x, y) where it is
  // (the centre of the view when no point is given).
  Zoom.prototype.zoomBy = function (factor, x, y) {
    var scale = Math.min(Math.max(this.scale * factor, MIN_SCALE), MAX_SCALE);
    if (x !== undefined) {
      var p = this.toBoard(x, y);
      var ratio = this.scale / scale;
      this.cx = p.x - (p.x - this.cx) * ratio;
      this.cy = p.y - (p.y - this.cy) * ratio;
    }
    this.scale = scale;
    this.draw();
  };

  Zoom.prototype.reset = function () {
    this.scale = MIN_SCALE;
    this.draw();
  };

  // Pan by a fraction of the visible board.
  Zoom.prototype.panBy = function (fx, fy) {
    this.cx += (fx * this.home.w) / this.scale;
    this.cy += (fy * this.home.h) / this.scale;
    this.draw();
  };

  Zoom.prototype.listen = function () {
    var self = this;
    this.controls.addEventListener("click", function (event) {
      var button = event.target.closest("[data-zoom]");
      if (!button) return;
      var which = button.getAttribute("data-zoom");
      if (which === "in") self.zoomBy(STEP);
      else if (which === "out") self.zoomBy(1 / STEP);
      else self.reset();
    });
    // A place of the board reached by the keyboard outside the view: the view moves to it.
    this.viewport.addEventListener("focusin", function (event) {
      var link = event.target.closest && event.target.closest("a[href]");
      if (!link || !self.svg.contains(link) || self.shows(self.boardBox(link))) return;
      self.centreOn([link]);
      self.draw();
    });
    this.viewport.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var pans = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (event.key === "+" || event.key === "=") self.zoomBy(STEP);
      else if (event.key === "-" || event.key === "_") self.zoomBy(1 / STEP);
      else if (event.key === "0") self.reset();
      else if (pans[event.key]) self.panBy(pans[event.key][0] * PAN_FRACTION, pans[event.key][1] * PAN_FRACTION);
      else return;
      event.preventDefault();
      event.stopPropagation(); // the replay's arrow keys step only outside the board
    });
    this.viewport.addEventListener(
      "wheel",
      function (event) {
        var focused = self.viewport.contains(document.activeElement);
        if (!event.ctrlKey && !focused) return; // the page scrolls as usual
        event.preventDefault();
        var delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
        self.zoomBy(Math.exp(-delta / 300), event.clientX, event.clientY);
      },
      { passive: false }
    );
    this.viewport.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      self.pointers[event.pointerId] = { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY };
      self.dragged = false;
    });
    this.viewport.addEventListener("pointermove", function (event) {
      var pointer = self.pointers[event.pointerId];
      if (!pointer) return;
      var ids = Object.keys(self.pointers);
      if (ids.length === 2) {
        var other = self.pointers[ids[0] == event.pointerId ? ids[1] : ids[0]];
        var before = Math.hypot(pointer.x - other.x, pointer.y - other.y);
        var after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
        if (before > 0) {
          self.zoomBy(after / before, (event.clientX + other.x) / 2, (event.clientY + other.y) / 2);
        }
        self.dragged = true;
      } else if (ids.length === 1) {
        var moved = Math.hypot(event.clientX - pointer.startX, event.clientY - pointer.startY);
        if (self.scale > MIN_SCALE && (self.dragged || moved > DRAG_THRESHOLD)) {
          if (!self.dragged) self.viewport.setPointerCapture(event.pointerId);
          self.dragged = true;
          var rect = self.svg.getBoundingClientRect();
          self.cx -= ((event.clientX - pointer.x) / rect.width) * (self.home.w / self.scale);
          self.cy -= ((event.clientY - pointer.y) / rect.height) * (self.home.h / self.scale);
          self.draw();
        }
      }
      pointer.x = event.clientX;
      pointer.y = event.clientY;
    });
    function release(event) {
      delete self.pointers[event.pointerId];
    }
    this.viewport.addEventListener("pointerup", release);
    this.viewport.addEventListener("pointercancel", release);
    // A drag that ends on a hex is no click on it.
    this.viewport.addEventListener(
      "click",
      function (event) {
        if (self.dragged) {
          event.preventDefault();
          event.stopPropagation();
          self.dragged = false;
        }
      },
      true
    );
  };

  function enhance(root) {
    var template = document.getElementById("board-zoom-controls");
    if (!template) return;
    var areas = (root || document).querySelectorAll(".board-area");
    Array.prototype.forEach.call(areas, function (area, index) {
      if (area.hasAttribute("data-board-zoom")) return;
      var svg = Array.prototype.find.call(area.querySelectorAll("svg"), parseViewBox);
      if (!svg) return;
      area.setAttribute("data-board-zoom", "");
      var controls = template.content.firstElementChild.cloneNode(true);
      controls.id = "board-zoom-" + index;
      var help = controls.querySelector(".board-zoom-help");
      if (help) help.id = controls.id + "-help";
      var zoom = new Zoom(area, svg, controls);
      if (!arrived) zoom.showTargets();
    });
    arrived = true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    enhance(document);
  });
  document.addEventListener("htmx:afterSettle", function () {
    enhance(document);
  });
})();
