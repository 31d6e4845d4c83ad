// Scorekeeper's small browser helpers. No inline scripts anywhere (strict CSP): behaviour is
// attached here from data attributes.
(function () {
  "use strict";

  // The page's words in its language (<main data-words>, rendered by the server from its
  // catalogue, scorekeeper/wording.py's script_words): a script has no catalogue of its own.
  // English only if a page forgot them. A {name} in a sentence is filled in from ``blanks``.
  const ENGLISH = {
    not_sent: "Not sent: this device cannot reach the scorekeeper. Check the Wi-Fi and press it again. Nothing was lost: your entries are still in the form.",
  };

  function say(key, blanks) {
    const main = document.getElementById("main");
    let words = null;
    try { words = JSON.parse((main && main.dataset.words) || "null"); } catch (error) { words = null; }
    const said = (words && words[key]) || ENGLISH[key];
    return said.replace(/\{(\w+)\}/g, function (whole, name) {
      return blanks && name in blanks ? String(blanks[name]) : whole;
    });
  }

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

  document.addEventListener("live:updated", function (event) { showLocalTimes(event.target); });

  // A score table wider than its panel (a phone: its numbers are never squeezed onto two
  // lines) opens on the latest rounds, the earlier ones a swipe away; the legend says so.
  // Scrolling, the table takes the focus too, for a keyboard's arrow keys.
  //
  // Between the names and the totals, the rounds shown are always whole: the round columns
  // share the room equally (as many as fit at the widest one's width) and a swipe stops on a
  // round's edge (scroll snapping, app.css), so no number is ever half under the names
  // ("-35" read as "35").
  function wholeRounds(scroller) {
    const table = scroller.querySelector("table.scoreboard");
    if (!table) return;
    table.style.removeProperty("--round-w");
    const rounds = Array.from(table.querySelectorAll("thead .round-col")).filter(function (th) {
      return th.getClientRects().length > 0; // rounds still to come are not shown on a phone
    });
    const names = table.querySelector("thead .name-col");
    const total = table.querySelector("thead .total-col");
    if (!rounds.length || !names || !total || scroller.scrollWidth <= scroller.clientWidth + 1) return;
    const namesWidth = names.getBoundingClientRect().width;
    const room = scroller.clientWidth - namesWidth - total.getBoundingClientRect().width;
    const widest = Math.max.apply(null, rounds.map(function (th) { return th.getBoundingClientRect().width; }));
    const fit = Math.max(1, Math.floor(room / widest));
    if (fit >= rounds.length) return;
    table.style.setProperty("--round-w", (room / fit) + "px");
    scroller.style.setProperty("--names-w", namesWidth + "px");
  }

  function showLatestRounds() {
    document.querySelectorAll(".board-scroll").forEach(function (scroller) {
      wholeRounds(scroller);
      const wide = scroller.scrollWidth > scroller.clientWidth + 1;
      const panel = scroller.closest(".board-panel") || scroller;
      panel.classList.toggle("scrolls", wide);
      if (wide) scroller.setAttribute("tabindex", "0");
      else scroller.removeAttribute("tabindex");
      if (wide && !scroller.dataset.latestShown) {
        scroller.scrollLeft = scroller.scrollWidth;
        scroller.dataset.latestShown = "true";
      }
    });
  }
  document.addEventListener("DOMContentLoaded", showLatestRounds);
  document.addEventListener("htmx:afterSettle", showLatestRounds);
  document.addEventListener("live:updated", showLatestRounds);
  window.addEventListener("resize", showLatestRounds);

  // A statistics table wider than its box (the leaderboard, head-to-head on a phone) shows
  // it scrolls: app.css fades the edge with more to see and shows the line under it.
  function markScrollingTables() {
    document.querySelectorAll(".table-scroll").forEach(function (scroller) {
      const wide = scroller.scrollWidth > scroller.clientWidth + 1;
      scroller.classList.toggle("scrolls", wide);
      scroller.classList.toggle("at-start", scroller.scrollLeft <= 1);
      scroller.classList.toggle("at-end", scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1);
    });
  }
  document.addEventListener("DOMContentLoaded", markScrollingTables);
  document.addEventListener("htmx:afterSettle", markScrollingTables);
  window.addEventListener("resize", markScrollingTables);
  document.addEventListener("scroll", function (event) {
    if (event.target.classList && event.target.classList.contains("table-scroll")) markScrollingTables();
  }, true);

  // The blank score sheet's form: only the player counts the chosen rule set is for (its
  // option's data-players, "2-4"); a count outside them moves to the nearest one allowed.
  function offerPlayerRange(rules) {
    const chosen = rules.selectedOptions[0];
    const players = rules.form && rules.form.querySelector("select[name=players]");
    if (!chosen || !players || !chosen.dataset.players) return;
    const range = chosen.dataset.players.split("-").map(Number);
    Array.from(players.options).forEach(function (option) {
      const count = Number(option.value);
      option.disabled = count < range[0] || count > range[1];
    });
    const count = Number(players.value);
    if (count < range[0] || count > range[1]) players.value = String(Math.min(Math.max(count, range[0]), range[1]));
  }
  function offerPlayerRanges() {
    document.querySelectorAll("select[data-player-range]").forEach(offerPlayerRange);
  }
  document.addEventListener("DOMContentLoaded", offerPlayerRanges);
  document.addEventListener("htmx:afterSettle", offerPlayerRanges);
  window.addEventListener("pageshow", offerPlayerRanges);  // a form the browser filled back in
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("select[data-player-range]")) offerPlayerRange(event.target);
  });

  // Where a form says how its sending went: right beside its button (the Save button of the
  // round entry), where the eyes are when it is pressed, not at the top of the page.
  function saveStatus(form) {
    let status = form.querySelector(".save-status");
    if (!status) {
      const button = form.querySelector(".save-button") || form.querySelector("button[type=submit], input[type=submit]");
      if (!button) return null;
      status = document.createElement("span");
      status.className = "save-status";
      status.setAttribute("role", "status");
      button.after(status);
    }
    return status;
  }

  function formOf(event) {
    const elt = event.detail && event.detail.elt;
    return elt && elt.closest ? elt.closest("form") : null;
  }

  // Clear the error area (and the form's own status) when a new request starts.
  document.addEventListener("htmx:beforeRequest", function (event) {
    const flash = document.getElementById("flash");
    if (flash) flash.innerHTML = "";
    const form = formOf(event);
    const status = form && form.querySelector(".save-status");
    if (status && !form.hasAttribute("data-pending")) status.textContent = "";
  });

  // A network failure (flaky Wi-Fi) must never look like a silent success: said beside the
  // button that was pressed (drafts.js then sends a round entry again by itself).
  document.addEventListener("htmx:sendError", function (event) {
    const message = say("not_sent");
    const form = formOf(event);
    const status = form && saveStatus(form);
    if (status) {
      status.classList.add("is-error");
      status.setAttribute("role", "alert");
      status.textContent = message;
      // In view: the last Enter saves from the bottom of a phone's screen, where the line
      // would land below the fold (drafts.js may still reword it: scrolled once it has).
      requestAnimationFrame(function () { status.scrollIntoView({ block: "nearest" }); });
      return;
    }
    const flash = document.getElementById("flash");
    if (flash) {
      flash.innerHTML = "";
      const box = document.createElement("div");
      box.className = "error-box";
      box.textContent = message;
      flash.appendChild(box);
    }
  });

  // Installable: the service worker keeps the app shell and the last game pages seen, to show
  // them read-only when the network is gone (see /sw.js).
  const worker = document.querySelector("meta[name=service-worker]");
  if (worker && "serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(worker.getAttribute("content"), { scope: "/" }).catch(function () {
        // Not installable here (a private window, storage off): the app works as before.
      });
    });
  }

  // Inputs keep their focus and their text across swaps. A request carries what the fields
  // held when it was sent; its answer is drawn from that. Text typed into a field while the
  // answer was on its way (the referee: leaving a meld box sends the form, and the next box is
  // being typed in when the answer redraws it; or Enter pressed in a box, and typing goes on)
  // is newer than the answer, and is never lost: see typedOnto. The caret stays where it was
  // in the typed text, and the focus stays in the field. A field of another form (the next
  // round's) takes the answer's value.
  const TYPED = "input[id]:not([type]), input[id][type=text], input[id][type=search], input[id][type=number], input[id][type=tel], textarea[id]";

  function fieldValues() {
    const values = {};
    document.querySelectorAll(TYPED).forEach(function (field) { values[field.id] = field.value; });
    return values;
  }

  function roundOfField(field) {
    const round = field.form && field.form.querySelector("input[name=round]");
    return round ? round.value : "";
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.xhr) event.detail.xhr.scorekeeperSent = fieldValues();
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    const xhr = event.detail.xhr;
    if (!xhr || !xhr.scorekeeperSent) return;
    const active = document.activeElement;
    const typed = {};
    document.querySelectorAll(TYPED).forEach(function (field) {
      const sent = xhr.scorekeeperSent[field.id];
      if (sent !== undefined && field.value !== sent) {
        typed[field.id] = { value: field.value, sent: sent, element: field, round: roundOfField(field) };
      }
    });
    xhr.scorekeeperTyped = typed;
    xhr.scorekeeperFocus = active && active.id && active.matches && active.matches(TYPED)
      ? { id: active.id, element: active, start: active.selectionStart, end: active.selectionEnd }
      : null;
  });

  // What a field typed in while the answer was on its way shows once the answer is in: the
  // answer's value with the person's typing put onto it. The answer may differ from what was
  // sent only because the server tidied it ("4s" comes back "4S", "4S " comes back "4S": the
  // referee writes cards its own way), or on purpose (a tapped card added, the box cleared).
  // Typing at the end of what was sent (what typing is) goes onto the end of the answer's
  // text, with the separator the server trimmed; any other edit (inside the text, or a field
  // that was empty when sent) keeps the text as typed.
  function typedOnto(answer, kept) {
    if (answer === kept.sent || !kept.sent || kept.value.indexOf(kept.sent) !== 0) return kept.value;
    const trimmed = answer && !/\s$/.test(answer) ? /\s*$/.exec(kept.sent)[0] : "";
    return answer + trimmed + kept.value.slice(kept.sent.length);
  }

  // A caret in the typed text, at the same place in the merged text: counted from the end in
  // what was typed after the request left, from the start before it.
  function caretIn(merged, kept, caret) {
    if (caret === null || caret === undefined) return caret;
    if (caret < kept.sent.length) return Math.min(caret, merged.length);
    return Math.max(0, merged.length - (kept.value.length - caret));
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    const xhr = event.detail.xhr;
    // Once per answer: htmx says afterSwap once for each element it swapped in.
    if (!xhr || !xhr.scorekeeperTyped || xhr.scorekeeperRestored) return;
    xhr.scorekeeperRestored = true;
    const focus = xhr.scorekeeperFocus;
    Object.keys(xhr.scorekeeperTyped).forEach(function (id) {
      const kept = xhr.scorekeeperTyped[id];
      const field = document.getElementById(id);
      if (!field || field === kept.element || !field.matches(TYPED)) return;
      if (roundOfField(field) !== kept.round) return;
      const merged = typedOnto(field.value, kept);
      if (focus && focus.id === id) {
        focus.start = caretIn(merged, kept, focus.start);
        focus.end = caretIn(merged, kept, focus.end);
      }
      if (field.value === merged) return;
      field.value = merged;
      // Its own triggers (the referee's verdict, the entry form's sums and draft) see it.
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    if (focus && !focus.element.isConnected) {
      const field = document.getElementById(focus.id);
      if (field && field.matches(TYPED)) {
        field.focus({ preventScroll: true });
        try {
          if (focus.start !== null) field.setSelectionRange(focus.start, focus.end);
        } catch (error) {
          // a field type without a caret
        }
      }
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
