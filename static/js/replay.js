// The replay page: the left and right arrow keys click the "Previous" and "Next" links.
// Optional: every step is a plain link, so the page works without this file.
document.addEventListener("keydown", function (event) {
  var step = { ArrowLeft: "previous", ArrowRight: "next" }[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) {
    return; // the slider and form fields keep their own arrow keys
  }
  var link = document.querySelector('#replay a[data-step="' + step + '"]');
  if (link) {
    event.preventDefault();
    link.click();
  }
});

// Keep the highlighted log entry in view inside the scrolling log, after each step.
function showCurrentStep() {
  var log = document.querySelector("#replay .replay-log");
  var current = log && log.querySelector(".current");
  if (current) {
    log.scrollTop = current.offsetTop - (log.clientHeight - current.offsetHeight) / 2;
  }
}
document.addEventListener("DOMContentLoaded", showCurrentStep);
document.addEventListener("htmx:afterSettle", showCurrentStep);
