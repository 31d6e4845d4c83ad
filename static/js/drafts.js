// Never lose a tap: what is typed in a round's entry form (form[data-draft="<game id>"]) is
// kept on the device, in localStorage, per game and round, as it is typed. It is cleared when
// the server answers that round's save with a success, and only then.
//
// - A reload, leaving the page and coming back, or a crash: the form is filled in again
//   (each field the server sent empty), with the idempotency key it had, so a save that did
//   reach the server before the page went away is not recorded twice.
// - A save that cannot reach the server: said next to the Save button (app.js puts the
//   message there), the entries stay, and the same request (same idempotency key, so it is
//   recorded exactly once even if the first one did arrive) is sent again by itself when the
//   connection is back: on the browser's "online" event, and every few seconds meanwhile.
// - The round was saved on another device (a live update or this device's own refused save
//   brought the next round's form): what was typed for it is still kept, and a box says so
//   plainly, lists it, and offers to use it for the round now open or to discard it.
// - Kept entries go after a week untouched (MAX_AGE_MS), whichever game they are for: checked
//   on every page load. Used or discarded, they go at once.
// - A round being edited that was undone on another device: its edit page offers to enter
//   what its form holds as that round, the one to play now (data-carry-round).
(function () {
  "use strict";

  // The page's words in its language (<main data-words>, rendered by the server from its
  // catalogue, scorekeeper/wording.py's script_words): a script has no catalogue of its own.
  // English only if a page forgot them. A {name} in a sentence is filled in from ``blanks``;
  // a count's sentence is one a form ("1", "other"), picked by ``blanks.count``.
  const ENGLISH = {
    not_saved_yet: "Not saved yet: this device cannot reach the scorekeeper. Round {round} is kept here and will be sent by itself when the connection is back.",
    sending_again: "Connection back: sending round {round} again…",
    already_recorded: "Round {round} is already recorded: it was saved before the answer to this device's save came back, or on another device.",
    saved_elsewhere: "Round {round} was saved on another device before this one sent what you typed for it.",
    kept_here: "What you typed here is kept, nothing was lost:",
    use_for_round: "Use these for round {round}",
    discard: "Discard them",
    went_out: "went out",
    in_one_turn: "in one turn",
    cards: "cards: {cards}",
    points: { "1": "{count} point", other: "{count} points" },
    bought: "bought {count}",
    cut_bonus: "cut bonus",
  };

  function say(key, blanks) {
    const main = document.getElementById("main");
    let words = null;
    try { words = JSON.parse((main && main.dataset.words) || "null"); } catch (error) { words = null; }
    let said = (words && words[key]) || ENGLISH[key];
    if (typeof said !== "string") said = String(blanks.count).trim() === "1" ? said["1"] : said.other;
    return said.replace(/\{(\w+)\}/g, function (whole, name) {
      return blanks && name in blanks ? String(blanks[name]) : whole;
    });
  }

  const PREFIX = "scorekeeper:draft:";
  const NOT_ENTRIES = { csrf_token: true, version: true, round: true, key: true };
  const RETRY_MS = 4000;
  // Entries kept on the device go after a week untouched (a round saved elsewhere and never
  // used or discarded, a game left unfinished): the table has long moved on by then.
  const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
  let retryTimer = null;

  function store() {
    try {
      return window.localStorage;
    } catch (error) {
      return null; // storage blocked: the form still works, without the safety net
    }
  }

  function storageKey(game, round) {
    return PREFIX + game + ":" + round;
  }

  function roundOf(form) {
    const input = form.querySelector("input[name=round]");
    return input ? input.value : "";
  }

  function load(game, round) {
    const s = store();
    if (!s) return null;
    try {
      return JSON.parse(s.getItem(storageKey(game, round)) || "null");
    } catch (error) {
      return null;
    }
  }

  function forget(game, round) {
    const s = store();
    if (s) s.removeItem(storageKey(game, round));
  }

  // The entries typed in the form (what a person entered; not the form's bookkeeping).
  function entries(form) {
    const fields = {};
    Array.from(form.elements).forEach(function (el) {
      if (!el.name || NOT_ENTRIES[el.name] || el.type === "submit" || el.type === "button") return;
      if (el.type === "radio" || el.type === "checkbox") {
        if (el.checked) fields[el.name] = el.value;
      } else if (el.value.trim() !== "") {
        fields[el.name] = el.value;
      }
    });
    return fields;
  }

  function keyOf(form) {
    const input = form.querySelector("input[name=key]");
    return input ? input.value : "";
  }

  function save(form, sent) {
    const s = store();
    if (!s) return;
    const game = form.dataset.draft;
    const round = roundOf(form);
    const fields = entries(form);
    const before = load(game, round);
    if (Object.keys(fields).length === 0 && !sent && !(before && before.sent)) {
      s.removeItem(storageKey(game, round));
      return;
    }
    const draft = { fields: fields, key: keyOf(form), sent: !!(sent || (before && before.sent)), at: Date.now() };
    try {
      s.setItem(storageKey(game, round), JSON.stringify(draft));
    } catch (error) {
      // storage full: nothing more can be kept, the form itself still has the values
    }
  }

  // Put kept entries into the form's empty fields; true when anything was filled in.
  function fill(form, fields, overwrite) {
    let filled = false;
    Object.keys(fields).forEach(function (name) {
      const found = form.elements.namedItem(name);
      if (!found) return;
      const value = fields[name];
      const list = found instanceof RadioNodeList ? Array.from(found) : [found];
      if (list[0].type === "radio" || list[0].type === "checkbox") {
        if (!overwrite && list.some(function (el) { return el.checked; })) return;
        list.forEach(function (el) { if (el.value === value) { el.checked = true; filled = true; } });
      } else if (overwrite || list[0].value === "") {
        list[0].value = value;
        filled = true;
      }
    });
    return filled;
  }

  function clearEntries(form) {
    Array.from(form.elements).forEach(function (el) {
      if (!el.name || NOT_ENTRIES[el.name] || el.type === "submit" || el.type === "button") return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = false;
      else el.value = "";
    });
  }

  function announce(form) {
    form.dispatchEvent(new Event("input", { bubbles: true })); // the card picker's sums and counts
  }

  function restore(form) {
    const draft = load(form.dataset.draft, roundOf(form));
    if (!draft || !draft.fields) {
      // An undone round's scores, filled in by the server: kept as if typed, so a live update
      // of the page (which brings an empty form) or coming back later keeps them too.
      if (form.hasAttribute("data-refilled")) save(form, false);
      return;
    }
    const blank = Object.keys(entries(form)).length === 0;
    if (fill(form, draft.fields, false)) {
      const key = form.querySelector("input[name=key]");
      if (blank && draft.key && key) key.value = draft.key;
      announce(form);
    }
    save(form, false);
  }

  // Drop every kept entry older than MAX_AGE_MS (or unreadable), of any game.
  function expire() {
    const s = store();
    if (!s) return;
    const now = Date.now();
    const old = [];
    for (let i = 0; i < s.length; i++) {
      const name = s.key(i);
      if (!name || name.indexOf(PREFIX) !== 0) continue;
      let draft = null;
      try {
        draft = JSON.parse(s.getItem(name) || "null");
      } catch (error) {
        draft = null;
      }
      const at = draft && typeof draft.at === "number" ? draft.at : NaN;
      if (!(now - at <= MAX_AGE_MS)) old.push(name);
    }
    old.forEach(function (name) { s.removeItem(name); });
  }

  // --- entries for a round that was saved elsewhere -------------------------------------------

  function keptRounds(game, below) {
    const s = store();
    if (!s) return [];
    const rounds = [];
    for (let i = 0; i < s.length; i++) {
      const name = s.key(i);
      if (!name || name.indexOf(PREFIX + game + ":") !== 0) continue;
      const round = Number(name.slice((PREFIX + game + ":").length));
      const draft = load(game, round);
      if (round < below && draft && draft.fields && Object.keys(draft.fields).length) rounds.push(round);
    }
    return rounds.sort(function (a, b) { return a - b; });
  }

  function playerNames(form) {
    const source = form
      ? form.querySelectorAll(".entry-row .player-name")
      : document.querySelectorAll(".scoreboard tbody .player-name");
    return Array.from(source).map(function (el) { return el.textContent.trim(); });
  }

  function describe(fields, names) {
    const lines = [];
    names.forEach(function (name, seat) {
      const parts = [];
      if (fields.out === String(seat)) parts.push(say("went_out"));
      if (fields["down_and_out-" + seat]) parts.push(say("in_one_turn"));
      if (fields["cards-" + seat]) parts.push(say("cards", { cards: fields["cards-" + seat] }));
      else if (fields["points-" + seat]) parts.push(say("points", { count: fields["points-" + seat] }));
      if (fields["bought-" + seat]) parts.push(say("bought", { count: fields["bought-" + seat] }));
      if (parts.length) lines.push(name + ": " + parts.join(", "));
    });
    if (fields.cut_bonus) lines.push(say("cut_bonus"));
    return lines;
  }

  function button(text, className, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  }

  function offerKept(container) {
    const game = container.dataset.game || container.dataset.draft;
    if (!game || container.querySelector(".kept-entries")) return;
    const form = container.matches("form[data-draft]") ? container : container.querySelector("form[data-draft]");
    const open = form ? Number(roundOf(form)) : Infinity;
    const rounds = keptRounds(game, open);
    if (!rounds.length) return;
    const round = rounds[0];
    const draft = load(game, round);
    const box = document.createElement("div");
    box.className = "warn-box kept-entries";
    box.setAttribute("role", "alert");
    box.dataset.keptRound = String(round);
    const head = document.createElement("p");
    const strong = document.createElement("strong");
    strong.textContent = draft.sent
      ? say("already_recorded", { round: round })
      : say("saved_elsewhere", { round: round });
    head.appendChild(strong);
    head.appendChild(document.createTextNode(" " + say("kept_here")));
    const list = document.createElement("ul");
    list.className = "kept-list";
    describe(draft.fields, playerNames(form)).forEach(function (line) {
      const item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    });
    const actions = document.createElement("div");
    actions.className = "row kept-actions";
    if (form) {
      actions.appendChild(button(say("use_for_round", { round: open }), "kept-use", function () {
        clearEntries(form);
        fill(form, draft.fields, true);
        forget(game, round);
        box.remove();
        announce(form);
        save(form, false);
        offerKept(container);
      }));
    }
    actions.appendChild(button(say("discard"), "secondary kept-discard", function () {
      forget(game, round);
      box.remove();
      offerKept(container);
    }));
    box.appendChild(head);
    box.appendChild(list);
    box.appendChild(actions);
    const heading = form && form.querySelector("h2");
    if (heading) heading.after(box);
    else if (form) form.prepend(box);
    else container.prepend(box);
  }

  // --- a round being edited that was undone elsewhere ------------------------------------------

  // "Enter them as round N": what the edit form holds becomes this device's entries for round N
  // of the game page (the round to play now), which fills them in (restore, above).
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("[data-carry-round]");
    if (!button) return;
    const region = button.closest("[data-live]") || document;
    const form = button.closest("form.entry-form") || region.querySelector("form.entry-form");
    const s = store();
    if (form && s) {
      const draft = { fields: entries(form), key: "", sent: false, at: Date.now() };
      try {
        s.setItem(storageKey(button.dataset.carryGame, button.dataset.carryRound), JSON.stringify(draft));
      } catch (error) {
        // storage full or blocked: the game page opens without them
      }
    }
    window.location.assign(button.dataset.carryTo);
  });

  // --- an undone round's scores, back in the form -----------------------------------------

  // "Clear the form": one tap empties it (and what is kept of it); without scripts the link
  // opens the game page, whose form is empty.
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("[data-clear-entries]");
    if (!link) return;
    const region = link.closest("[data-live]") || document;
    const form = region.querySelector("form[data-draft]");
    if (!form) return;
    event.preventDefault();
    clearEntries(form);
    form.removeAttribute("data-refilled");
    forget(form.dataset.draft, roundOf(form));
    announce(form);
    const note = link.closest("[data-refill-note]");
    if (note) note.remove();
    // The page's address no longer asks for the undone scores: a reload keeps the form empty.
    if (window.history.replaceState) window.history.replaceState(window.history.state, "", link.href);
  });

  // --- sending, failing, sending again ------------------------------------------------------

  function pendingForm() {
    return document.querySelector("form[data-draft][data-pending]");
  }

  function sendAgain() {
    const form = pendingForm();
    if (!form) {
      stopRetrying();
      return;
    }
    if (navigator.onLine === false || form.classList.contains("htmx-request")) return;
    const status = form.querySelector(".save-status");
    if (status) status.textContent = say("sending_again", { round: roundOf(form) });
    // Through htmx (a synthetic submit never submits the form natively): the same form, with
    // the same idempotency key, swapped in as a save pressed by hand would be.
    if (window.htmx) window.htmx.trigger(form, "submit");
  }

  function stopRetrying() {
    if (retryTimer !== null) clearInterval(retryTimer);
    retryTimer = null;
  }

  function formOf(event) {
    const elt = event.detail && event.detail.elt;
    const form = elt && elt.closest ? elt.closest("form[data-draft]") : null;
    return form;
  }

  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest("form[data-draft]");
    if (form) save(form, false);
  });
  document.addEventListener("change", function (event) {
    const form = event.target.closest && event.target.closest("form[data-draft]");
    if (form) save(form, false);
  });
  // The card picker writes the cards field itself (no input event): keep taps on it too.
  document.addEventListener("click", function (event) {
    const form = event.target.closest && event.target.closest("form[data-draft]");
    if (form) setTimeout(function () { save(form, false); }, 0);
  });

  // The form a request was sent from rides on its XMLHttpRequest: once the answer has been
  // swapped in, the form is gone from the page and htmx names another element as the source.
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = formOf(event);
    const xhr = event.detail.xhr;
    if (!form || !xhr) return;
    save(form, true);
    xhr.scorekeeperDraft = form;
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail.xhr;
    const form = xhr && xhr.scorekeeperDraft;
    if (!form || xhr.status < 200 || xhr.status >= 300) return;
    // Recorded (or recognised as already recorded by its key): nothing left to keep.
    forget(form.dataset.draft, roundOf(form));
    form.removeAttribute("data-pending");
  });

  document.addEventListener("htmx:sendError", function (event) {
    const xhr = event.detail.xhr;
    const form = (xhr && xhr.scorekeeperDraft) || formOf(event);
    if (!form || !form.isConnected) return;
    form.setAttribute("data-pending", "");
    save(form, true);
    const status = form.querySelector(".save-status");
    if (status) {
      status.textContent = say("not_saved_yet", { round: roundOf(form) });
    }
    if (retryTimer === null) retryTimer = setInterval(sendAgain, RETRY_MS);
  });

  window.addEventListener("online", function () { setTimeout(sendAgain, 200); });

  function scan(root) {
    const scope = root && root.querySelectorAll ? root : document;
    const forms = scope.matches && scope.matches("form[data-draft]")
      ? [scope]
      : Array.from(scope.querySelectorAll("form[data-draft]"));
    forms.forEach(restore);
    document.querySelectorAll("[data-live][data-game]").forEach(offerKept);
  }

  document.addEventListener("DOMContentLoaded", function () {
    expire();
    scan(document);
  });
  document.addEventListener("htmx:afterSettle", function (event) { scan(event.target); });
  document.addEventListener("live:updated", function (event) { scan(event.target); });
})();
