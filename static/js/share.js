// Share a finished game's result (templates/games/_share_result.html): the system share sheet
// with the result's picture and text where the browser has the Web Share API, else the picture
// is downloaded. Attached from data attributes (strict CSP: no inline scripts).
(function () {
  "use strict";

  // The page's words in its language (<main data-words>, rendered by the server from its
  // catalogue, scorekeeper/wording.py's script_words): a script has no catalogue of its own.
  // English only if a page forgot them. A {name} in a sentence is filled in from ``blanks``.
  const ENGLISH = {
    share_downloaded: "This browser cannot share: the picture was downloaded instead.",
    shared: "Shared.",
    share_failed: "Sharing did not work.",
    share_unreadable: "The result could not be read ({status}).",
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

  function status(button, text) {
    const box = button.closest(".share-result");
    const line = box && box.querySelector(".share-status");
    if (line) line.textContent = text;
  }

  function download(url, name) {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  async function fetched(url, kind) {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) {
      const refused = new Error(say("share_unreadable", { status: response.status }));
      refused.said = true;
      throw refused;
    }
    return kind === "text" ? response.text() : response.blob();
  }

  async function share(button) {
    const title = button.dataset.shareTitle || document.title;
    if (typeof navigator.share !== "function") {
      download(button.dataset.shareImage, "result.png");
      status(button, say("share_downloaded"));
      return;
    }
    const [text, image] = await Promise.all([
      fetched(button.dataset.shareText, "text"),
      fetched(button.dataset.shareImage, "blob"),
    ]);
    const file = new File([image], "result.png", { type: "image/png" });
    const withFile = { title: title, text: text, files: [file] };
    const data = navigator.canShare && navigator.canShare(withFile) ? withFile : { title: title, text: text };
    try {
      await navigator.share(data);
      status(button, say("shared"));
    } catch (error) {
      // Closing the share sheet is not an error worth a message.
      if (error && error.name === "AbortError") return;
      throw error;
    }
  }

  function reveal(root) {
    root.querySelectorAll("[data-share-result][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-share-result]");
    if (!button) return;
    event.preventDefault();
    share(button).catch(function (error) {
      // The browser's own messages are English: only ours are shown as they are.
      status(button, error && error.said ? error.message : say("share_failed"));
    });
  });
  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:afterSettle", function (event) { reveal(event.target); });
  document.addEventListener("live:updated", function (event) { reveal(event.target); });
})();
