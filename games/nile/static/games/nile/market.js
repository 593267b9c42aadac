// The Source of the Nile market form (templates/games/nile/market.html): as the quantities
// change, the cost, the cash left and the load on foot against the carrying capacity are
// added up and shown, and a total over the cash or the capacity is said plainly. Optional:
// without it the server applies the hires and purchases in order and refuses, with its
// reason, the one that does not fit (and then none of them).
(function () {
  "use strict";
  if (window.nileMarketReady) return; // htmx runs this file again with each new page part
  window.nileMarketReady = true;

  function number(value) {
    var n = parseFloat(value);
    return isNaN(n) ? 0 : n;
  }

  function update(form) {
    var words = document.querySelector("template.market-words");
    var output = form.querySelector(".market-live");
    if (!words || !output) return;
    var cost = 0;
    var cargo = number(form.dataset.cargo);
    var capacity = number(form.dataset.capacity);
    var gifts = 0;
    form.querySelectorAll("input[type=number]").forEach(function (input) {
      var n = Math.max(0, number(input.value));
      cost += n * number(input.dataset.price);
      capacity += n * number(input.dataset.capacity);
      if (input.name === "qty:buy gifts") gifts += n;
      else cargo += n * number(input.dataset.cargo);
    });
    cargo += Math.ceil(gifts / 10);
    var cash = number(form.dataset.cash);
    var parts = [
      words.dataset.spend + ": $" + cost,
      words.dataset.left + ": $" + (cash - cost),
      words.dataset.load + ": " + cargo + " / " + capacity,
    ];
    var problems = [];
    if (cost > cash) problems.push(words.dataset.overCash);
    if (cargo > capacity) problems.push(words.dataset.overLoad);
    output.textContent = parts.join(" · ") + (problems.length ? " (" + problems.join(", ") + ")" : "");
    output.classList.toggle("market-over", problems.length > 0);
    output.hidden = false;
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.market-form");
    if (form) update(form);
  });
})();
