// The round entry form's helpers: the card picker and the "still to enter" count.
// Loaded on every page (hx-boost swaps bodies, not heads); it works by event delegation and
// data attributes, so it needs no inline script and survives htmx swaps.
//
// The picker writes the tapped cards into the row's cards field ("AH 7C JK"), which is what
// the form submits: the server scores the cards itself. The sum shown here is only a preview,
// computed from the point table in the form's data-points attribute. A form marked
// data-no-jokers (a rule set without jokers) shows a typed joker as a card to fix.
(function () {
  "use strict";

  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_BY_SYMBOL = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
  const JOKERS = ["JK", "JOKER", "JKR", "★"];

  function parseToken(token) {
    const t = token.trim().toUpperCase();
    if (!t) return null;
    if (JOKERS.indexOf(t) >= 0) return { code: "JK", rank: "JK", suit: null };
    const m = /^(10|[2-9AJQKT])([SHDC♠♥♦♣])$/.exec(t);
    if (!m) return { code: t, bad: true };
    const rank = m[1] === "T" ? "10" : m[1];
    const suit = SUIT_BY_SYMBOL[m[2]] || m[2];
    return { code: rank + suit, rank: rank, suit: suit };
  }

  function tokens(input) {
    return input.value.split(/[\s,;]+/).filter(function (t) { return t.length > 0; });
  }

  function pointTable(form) {
    if (!form) return null;
    if (!form._points) {
      try { form._points = JSON.parse(form.dataset.points || "{}"); } catch (e) { form._points = {}; }
    }
    return form._points;
  }

  // The form's words in the page's language (data-words, rendered by the server); English
  // only if a page forgot them.
  const ENGLISH = {
    nobody_out: "nobody marked as gone out",
    still_to_enter: { "1": "1 player still to enter" },
    still_to_enter_many: "{count} players still to enter",
    remove: "Remove {card}",
    joker: "Joker",
    cards: "Cards",
  };

  function words(form) {
    if (!form) return ENGLISH;
    if (!form._words) {
      try { form._words = JSON.parse(form.dataset.words || "null") || ENGLISH; } catch (e) { form._words = ENGLISH; }
    }
    return form._words;
  }

  function stillToEnter(form, count) {
    const said = words(form).still_to_enter[String(count)];
    return said || ENGLISH.still_to_enter[String(count)] || ENGLISH.still_to_enter_many.replace("{count}", count);
  }

  function chip(card, index, said) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip " + (card.bad ? "chip-bad" : card.suit ? "suit-" + card.suit.toLowerCase() : "suit-j");
    b.dataset.remove = String(index);
    b.textContent = card.bad ? card.code + "?" : card.suit ? card.rank + SUITS[card.suit] : said.joker;
    b.setAttribute("aria-label", said.remove.replace("{card}", b.textContent));
    return b;
  }

  // Re-read one player's row: chips, the points preview, whether it is still missing.
  function updateRow(row) {
    const form = row.closest("form");
    const cardsInput = row.querySelector(".cards-input");
    const pointsInput = row.querySelector(".points-input");
    const out = row.querySelector("input[name=out]");
    if (!cardsInput || !pointsInput) return;
    const noJokers = !!(form && form.hasAttribute("data-no-jokers"));
    // A game without jokers has none to score: a typed joker shows as a card to fix (the
    // server refuses it too).
    const cards = tokens(cardsInput).map(parseToken).map(function (c) {
      return noJokers && c.code === "JK" ? { code: "JK", bad: true } : c;
    });
    const chosen = row.querySelector(".chosen");
    if (chosen) {
      const said = words(form);
      // Where the jokers are Skip cards the form names them so (data-joker-name).
      const skip = form && form.dataset.jokerName;
      const shown = skip ? Object.assign({}, said, { joker: skip }) : said;
      chosen.replaceChildren.apply(chosen, cards.map(function (card, index) { return chip(card, index, shown); }));
    }
    const table = pointTable(form) || {};
    const allGood = cards.length > 0 && cards.every(function (c) { return !c.bad; });
    if (allGood) {
      const sum = cards.reduce(function (acc, c) { return acc + (table[c.rank] || 0); }, 0);
      pointsInput.value = String(sum);
      pointsInput.readOnly = true;
      pointsInput.classList.add("from-cards");
    } else if (pointsInput.classList.contains("from-cards")) {
      pointsInput.value = "";
      pointsInput.readOnly = false;
      pointsInput.classList.remove("from-cards");
    }
    const summary = row.querySelector(".picker-toggle");
    // The word comes from the page (data-label, else the form's words), in its language.
    const word = summary && (summary.dataset.label || words(form).cards);
    if (summary) summary.textContent = cards.length ? "🂠 " + word + " (" + cards.length + ")" : "🂠 " + word;
    const isOut = out && out.checked;
    row.classList.toggle("is-out", !!isOut);
    lockPhaseDone(row, !!isOut);
    row.classList.toggle("missing", !isOut && !pointsInput.value.trim() && cards.length === 0);
  }

  // A phase game: the player who went out has laid down their phase, so their "phase done"
  // toggle is ticked and locked; moving "Went out" to another player gives it back as it was.
  function lockPhaseDone(row, isOut) {
    const done = row.querySelector("input[data-phase-done]");
    if (!done) return;
    if (isOut && !done.disabled) {
      done.dataset.wasChecked = done.checked ? "true" : "";
      done.checked = true;
      done.disabled = true;
    } else if (!isOut && done.disabled) {
      done.disabled = false;
      done.checked = done.dataset.wasChecked === "true";
    }
  }

  function updateForm(form) {
    const rows = form.querySelectorAll(".entry-row");
    rows.forEach(updateRow);
    const missing = form.querySelectorAll(".entry-row.missing").length;
    const anyOut = form.querySelector("input[name=out]:checked");
    const count = form.querySelector(".missing-count");
    if (count) {
      const parts = [];
      if (!anyOut) parts.push(words(form).nobody_out);
      if (missing) parts.push(stillToEnter(form, missing));
      count.textContent = parts.join(" · ");
    }
  }

  // A phone keeps the totals strip at the top of the screen over the entry: a field scrolled
  // to (Enter, the browser) stops below it (the rows' scroll-margin-top, in app.css).
  function measureStrip() {
    const strip = document.querySelector(".table-view .totals-panel");
    if (strip && getComputedStyle(strip).position === "sticky") {
      document.documentElement.style.setProperty("--strip-height", strip.offsetHeight + 8 + "px");
    }
  }
  window.addEventListener("resize", measureStrip);

  function updateAll() {
    measureStrip();
    document.querySelectorAll("form.entry-form").forEach(updateForm);
    // Keep the body's wake-lock flag in step with the page after a boosted navigation.
    if (document.body) {
      document.body.toggleAttribute("data-wake-lock", !!document.querySelector("[data-wants-wake-lock]"));
    }
  }

  document.addEventListener("click", function (event) {
    const target = event.target.closest("[data-card], [data-remove], [data-clear]");
    if (!target) return;
    const row = target.closest(".entry-row");
    if (!row) return;
    const input = row.querySelector(".cards-input");
    if (!input) return;
    event.preventDefault();
    let list = tokens(input);
    if (target.dataset.card) {
      list.push(target.dataset.card);
      const out = row.querySelector("input[name=out]");
      if (out && out.checked) out.checked = false;  // a player with cards did not go out
    } else if (target.dataset.remove !== undefined) {
      list.splice(Number(target.dataset.remove), 1);
    } else {
      list = [];
    }
    input.value = list.join(" ");
    clearErrors(input);
    updateForm(row.closest("form"));
  });

  // A message about what was typed goes once it is changed: the row's own errors when its
  // fields are edited, the form's general ones (e.g. "nobody went out") on any edit. The
  // server checks everything again on Save.
  function clearErrors(field) {
    const form = field.closest && field.closest("form.entry-form");
    if (!form) return;
    form.querySelectorAll("[data-entry-general]").forEach(function (box) { box.remove(); });
    const row = field.closest(".entry-row");
    if (!row || !row.classList.contains("has-error")) return;
    row.classList.remove("has-error");
    row.querySelectorAll("[aria-invalid]").forEach(function (input) { input.removeAttribute("aria-invalid"); });
    const errors = row.querySelector(".entry-errors");
    if (errors) errors.replaceChildren();
  }

  // A typed value that cannot be saved (letters, a minus sign) is said at once, beside its
  // field, in the words the row carries (data-says-*); the browser's own "match the
  // requested format" never shows. Save still sends the round: the server says the same.
  function typedProblem(field) {
    const row = field.closest(".entry-row");
    const text = field.value.trim();
    if (!row || !text || /^\d+$/.test(text)) return "";
    if (field.classList.contains("bought-input")) return row.dataset.saysBought || "";
    if (!field.classList.contains("points-input")) return "";
    return /^[-−]\s*\d+$/.test(text) ? row.dataset.saysNegative || "" : row.dataset.saysPoints || "";
  }

  function checkTyped(field) {
    const row = field.closest(".entry-row");
    const errors = row && row.querySelector(".entry-errors");
    if (!errors) return;
    const key = field.classList.contains("bought-input") ? "bought" : "points";
    let shown = errors.querySelector('[data-typed="' + key + '"]');
    const problem = typedProblem(field);
    if (!problem) {
      if (shown) shown.remove();
      field.removeAttribute("aria-invalid");
    } else {
      if (!shown) {
        shown = document.createElement("div");
        shown.className = "field-error";
        shown.dataset.typed = key;
        errors.appendChild(shown);
      }
      shown.textContent = problem;
      field.setAttribute("aria-invalid", "true");
    }
    row.classList.toggle("has-error", !!errors.querySelector(".field-error"));
  }

  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest("form.entry-form");
    if (form) {
      clearErrors(event.target);
      const row = event.target.closest(".entry-row");
      if (row) row.querySelectorAll(".points-input, .bought-input").forEach(checkTyped);
      updateForm(form);
    }
  });

  document.addEventListener("change", function (event) {
    const t = event.target;
    if (t.name === "out" && t.checked) {
      // The player who went out scores 0: clear what was entered for them.
      const row = t.closest(".entry-row");
      const points = row.querySelector(".points-input");
      const cards = row.querySelector(".cards-input");
      if (cards) cards.value = "";
      if (points) { points.value = ""; points.readOnly = false; points.classList.remove("from-cards"); }
    }
    const form = t.closest && t.closest("form.entry-form");
    if (form) {
      clearErrors(t);
      updateForm(form);
    }
  });

  // Enter in a row's field (its points, what it bought, its cards) goes on to the next
  // player's points, as a finger on a phone's keyboard expects, instead of sending a round
  // half typed; rows with nothing to type (gone out, or scored from the cards) are passed
  // over. After the last player, Enter saves the round.
  function nextPoints(row) {
    for (let next = row.nextElementSibling; next; next = next.nextElementSibling) {
      if (!next.classList.contains("entry-row")) continue;
      const out = next.querySelector("input[name=out]");
      const points = next.querySelector(".points-input");
      if (points && !points.readOnly && !(out && out.checked)) return points;
    }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    const field = event.target;
    if (event.key !== "Enter" || event.isComposing || !field.matches || !field.matches(".entry-row input[type=text]")) return;
    const form = field.closest("form.entry-form");
    if (!form) return;
    event.preventDefault();
    const next = nextPoints(field.closest(".entry-row"));
    if (next) {
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: "nearest" });
      next.select();
    } else {
      const save = form.querySelector(".save-button");
      if (save && !save.disabled) form.requestSubmit(save);
    }
  });

  // The keyboard's Enter key says what it does (enterkeyhint): "next" where it moves on to
  // another player's points, "done" where it saves the round. That is after the last player
  // still to enter, not the last row: a later row gone out or scored from its cards is passed
  // over. Marked again after the changes that decide it (a tap runs first: card taps).
  function markEnterKeys() {
    document.querySelectorAll("form.entry-form .entry-row").forEach(function (row) {
      const hint = nextPoints(row) ? "next" : "done";
      row.querySelectorAll("input[type=text]").forEach(function (field) { field.enterKeyHint = hint; });
    });
  }
  function markEnterKeysSoon() { setTimeout(markEnterKeys, 0); }
  ["DOMContentLoaded", "htmx:afterSwap", "change", "input", "click"].forEach(function (name) {
    document.addEventListener(name, markEnterKeysSoon);
  });

  document.addEventListener("DOMContentLoaded", updateAll);
  document.addEventListener("htmx:afterSwap", updateAll);
})();
