// Scorekeeper's small browser helpers. No inline scripts anywhere (strict CSP): behaviour is
// attached here from data attributes.
(function () {
  "use strict";

  // Keep the screen awake while a page with data-wake-lock is open (the game at the table).
  let wakeLock = null;
  async function requestWakeLock() {
    if (!document.body || !document.body.hasAttribute("data-wake-lock")) return;
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      document.body.dataset.wakeLockActive = "true";
      wakeLock.addEventListener("release", function () {
        document.body.dataset.wakeLockActive = "false";
      });
    } catch (err) {
      document.body.dataset.wakeLockActive = "unavailable";
    }
  }
  document.addEventListener("visibilitychange", requestWakeLock);
  document.addEventListener("DOMContentLoaded", requestWakeLock);
  document.addEventListener("htmx:afterSettle", function () {
    if (!wakeLock || wakeLock.released) requestWakeLock();
  });

  // Times are sent in UTC (<time datetime="..." data-local>); show them in the device's own
  // time zone, and keep the UTC time as the tooltip.
  function showLocalTimes(root) {
    root.querySelectorAll("time[data-local]").forEach(function (element) {
      const moment = new Date(element.getAttribute("datetime"));
      if (isNaN(moment.getTime()) || element.dataset.localShown) return;
      const options = { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
      if (element.dataset.local === "seconds") options.second = "2-digit";
      else options.year = "numeric";
      element.title = element.textContent.trim();
      element.textContent = new Intl.DateTimeFormat(undefined, options).format(moment);
      element.dataset.localShown = "true";
    });
  }
  document.addEventListener("DOMContentLoaded", function () { showLocalTimes(document); });
  document.addEventListener("htmx:afterSettle", function (event) { showLocalTimes(event.target); });

  // Clear the error area when a new request starts.
  document.addEventListener("htmx:beforeRequest", function () {
    const flash = document.getElementById("flash");
    if (flash) flash.innerHTML = "";
  });

  // A network failure (flaky Wi-Fi) must never look like a silent success.
  document.addEventListener("htmx:sendError", function () {
    const flash = document.getElementById("flash");
    if (flash) {
      flash.innerHTML = "";
      const box = document.createElement("div");
      box.className = "error-box";
      box.textContent = "Could not reach the scorekeeper: check the Wi-Fi and try again. Nothing was lost: your entries are still in the form.";
      flash.appendChild(box);
    }
  });

  // Error responses (4xx/5xx) are swapped in too, so their message is shown.
  document.addEventListener("htmx:beforeSwap", function (event) {
    const status = event.detail.xhr.status;
    if (status >= 400) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();
