// The rule-set builder (templates/rules/_builder.html): its parts fold away, and every change
// posts the whole form and swaps it back in. The hidden field "open" lists the parts open, so
// the server renders them open again: keep it in step as the person opens and closes them.
(function () {
  "use strict";

  function keepOpenList(details) {
    var form = details.closest("form#builder");
    var field = form && form.querySelector("input[name=open]");
    if (!field) return;
    var open = [];
    form.querySelectorAll("details[data-section]").forEach(function (part) {
      if (part.open) open.push(part.getAttribute("data-section"));
    });
    field.value = open.join(" ");
  }

  // "toggle" does not bubble: listen while it goes down.
  document.addEventListener(
    "toggle",
    function (event) {
      var details = event.target;
      if (details instanceof HTMLDetailsElement && details.hasAttribute("data-section")) {
        keepOpenList(details);
      }
    },
    true
  );
})();
