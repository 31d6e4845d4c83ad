// The referee page's taps. Every tap posts the whole form (the cards of every slot and the
// slot taps go to), and the server answers with a fresh editor; the form's hx-sync queues
// the taps so none is lost and each one sees the state left by the one before.
//
// Without this file the buttons still work (each has its own hx-post, and without htmx they
// are plain submit buttons). What it adds: a tap is sent from the form itself, with the
// button's name and value, so a tap queued behind a slow answer still goes out after that
// answer has replaced the button it was made on (htmx drops queued requests whose element is
// gone). No inline script, no eval: delegated from the document, it survives htmx swaps.
(function () {
  "use strict";

  // Asking (Check, or Enter in a slot's field, which presses it) brings the answer into
  // view: on a phone it lies below the card grid and the slots, some 700px out of sight.
  // A card tap does not scroll: the grid stays under the finger that is still tapping.
  let verdictWanted = false;
  document.addEventListener("htmx:afterSettle", function () {
    const verdict = document.getElementById("verdict");
    if (!verdictWanted || !verdict) return;
    verdictWanted = false;
    const box = verdict.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight * 0.6) verdict.scrollIntoView({ block: "start" });
  });

  document.addEventListener("click", function (event) {
    if (!window.htmx || !event.target.closest) return;
    const button = event.target.closest("button[type=submit][name]");
    if (!button || !button.form || button.form.id !== "referee-form") return;
    const form = button.form;
    const url = form.getAttribute("hx-post");
    if (!url) return;
    event.preventDefault();
    event.stopPropagation();
    const values = {};
    values[button.name] = button.value;
    if (button.name === "check") verdictWanted = true;
    // No target here: it is read from the form's hx-target when the request goes out, so a
    // queued tap swaps into the editor as it is then, not the one it replaced.
    window.htmx.ajax("POST", url, { source: form, values: values });
  }, true);
})();
