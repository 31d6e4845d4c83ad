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

  function chip(card, index) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip " + (card.bad ? "chip-bad" : card.suit ? "suit-" + card.suit.toLowerCase() : "suit-j");
    b.dataset.remove = String(index);
    b.textContent = card.bad ? card.code + "?" : card.suit ? card.rank + SUITS[card.suit] : "Joker";
    b.setAttribute("aria-label", "Remove " + b.textContent);
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
      chosen.replaceChildren.apply(chosen, cards.map(chip));
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
    if (summary) summary.textContent = cards.length ? "🂠 Cards (" + cards.length + ")" : "🂠 Cards";
    const isOut = out && out.checked;
    row.classList.toggle("is-out", !!isOut);
    row.classList.toggle("missing", !isOut && !pointsInput.value.trim() && cards.length === 0);
  }

  function updateForm(form) {
    const rows = form.querySelectorAll(".entry-row");
    rows.forEach(updateRow);
    const missing = form.querySelectorAll(".entry-row.missing").length;
    const anyOut = form.querySelector("input[name=out]:checked");
    const count = form.querySelector(".missing-count");
    if (count) {
      const parts = [];
      if (!anyOut) parts.push("nobody marked as gone out");
      if (missing) parts.push(missing + (missing === 1 ? " player" : " players") + " still to enter");
      count.textContent = parts.join(" · ");
    }
  }

  function updateAll() {
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

  document.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest("form.entry-form");
    if (form) {
      clearErrors(event.target);
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

  document.addEventListener("DOMContentLoaded", updateAll);
  document.addEventListener("htmx:afterSwap", updateAll);
})();
