// Live screens: every page showing a game (the game page, a round being edited, the watch
// board, the history) shows another device's change within about a second and a half.
//
// A live region is an element with data-live, an id, data-live-poll (the game's version URL)
// and data-live-version (the version it shows). Once a second this asks the poll URL whether
// the game moved on (a 204 while it has not: one primary-key lookup on the server, no page
// render, and no worker thread held as a long-lived connection would). When it has, the
// region is fetched again (data-live-src, or the page itself; data-live-htmx asks for the
// htmx fragment: the game body alone, without the page around it and its QR code) and
// swapped in, with one exception: the round entry form being typed in.
//
// The entry form (form.entry-form: a new round's, or a recorded round's on its edit page)
// stays the very same element when the fresh page has a form for the same round: only what
// surrounds it is replaced, so its values, its focus and caret, an open card picker and an
// unsent save all survive; its version moves on, so saving is not refused as stale (an edit
// page says above the form when the round itself was changed elsewhere: saving then replaces
// it). When a new round's form was for a round saved elsewhere, the region is replaced whole
// and drafts.js offers what was typed for the next round (it was kept on the device as it was
// typed). When the round being edited was undone elsewhere, the form stays, unsaveable, under
// the notice saying so. Polling pauses while the page is hidden and resumes at once when it
// is shown again. The period is the server's LIVE_POLL_SECONDS (<meta name=live-poll-ms>).
(function () {
  "use strict";

  const DEFAULT_PERIOD = 1000;
  const FORM = "form.entry-form";
  let timer = null;
  let busy = false;

  function region() {
    return document.querySelector("[data-live][data-live-poll][id]");
  }

  function period() {
    const found = document.querySelector("meta[name=live-poll-ms]");
    const value = found ? Number(found.getAttribute("content")) : NaN;
    return value > 0 ? value : DEFAULT_PERIOD;
  }

  function schedule(delay) {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(tick, delay === undefined ? period() : delay);
  }

  function inFlight(element) {
    // An htmx request of the region's own (a save) is answered with the region: let it land.
    // So is a save waiting to be sent again (drafts.js): its answer says whether it was
    // recorded, or whether the round went to another device meanwhile.
    return element.classList.contains("htmx-request") ||
      !!element.querySelector(".htmx-request, [data-pending]");
  }

  async function tick() {
    timer = null;
    const live = region();
    if (!live || busy || document.visibilityState === "hidden") {
      if (live) schedule();
      return;
    }
    busy = true;
    try {
      const url = new URL(live.dataset.livePoll, location.href);
      url.searchParams.set("v", live.dataset.liveVersion || "");
      const answer = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (answer.status === 200) {
        const body = await answer.json();
        if (String(body.version) !== live.dataset.liveVersion) await refresh(live);
      }
    } catch (error) {
      // Offline or the server is restarting: the screen keeps what it shows and asks again.
    } finally {
      busy = false;
      schedule();
    }
  }

  async function refresh(live) {
    if (inFlight(live)) return;
    const shown = live.dataset.liveVersion;
    const headers = live.hasAttribute("data-live-htmx") ? { "HX-Request": "true" } : {};
    // Without its query: a page opened as ?saved=3 says "Saved round 3" only once.
    const src = new URL(live.dataset.liveSrc || location.pathname, location.href);
    const answer = await fetch(src, { cache: "no-store", credentials: "same-origin", headers: headers });
    if (!answer.ok) return;
    const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = doc.getElementById(live.id);
    // The region may have been swapped meanwhile (this device saved): never go backwards.
    if (!fresh || !live.isConnected || inFlight(live) || live.dataset.liveVersion !== shown) return;
    if (Number(fresh.dataset.liveVersion) <= Number(shown)) return;
    const swapped = merge(live, fresh);
    if (window.htmx) window.htmx.process(swapped);
    swapped.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
  }

  // The fresh region in place of the old one, keeping the entry form for the same round (a new
  // round's, or a recorded round's being edited).
  function merge(live, fresh) {
    const kept = live.querySelector(FORM);
    const next = fresh.querySelector(FORM);
    if (kept && !next && fresh.querySelector("[data-round-gone]")) return keepGone(live, fresh, kept);
    if (!kept || !next || roundOf(kept) !== roundOf(next)) {
      live.replaceWith(fresh);
      return fresh;
    }
    const version = kept.querySelector("input[name=version]");
    const nextVersion = next.querySelector("input[name=version]");
    if (version && nextVersion) version.value = nextVersion.value;
    replaceAround(live, fresh, kept, next);
    return live;
  }

  // The round being edited was undone on another device: the fresh region says so, and the form
  // stays under that notice with what was typed in it, but cannot be saved (there is no round
  // to replace); drafts.js offers to enter its values as the round to play now.
  function keepGone(live, fresh, kept) {
    if (kept.querySelector("[data-round-gone]")) {
      syncAttributes(live, fresh); // this device's own save already found it gone and says so
      return live;
    }
    fresh.querySelector("[data-round-gone]").after(kept);
    kept.setAttribute("data-round-gone-form", "");
    kept.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = true; });
    live.replaceWith(fresh);
    return fresh;
  }

  function roundOf(form) {
    const input = form.querySelector("input[name=round]");
    return input ? input.value : "";
  }

  // Make `element` look like `fresh`, except `kept` (inside it) which stays the same node:
  // at each level down to it, its siblings are replaced by the fresh ones around `next`.
  function replaceAround(element, fresh, kept, next) {
    syncAttributes(element, fresh);
    if (element === kept) return;
    const oldChild = childHolding(element, kept);
    const newChild = childHolding(fresh, next);
    while (oldChild.previousSibling) oldChild.previousSibling.remove();
    while (oldChild.nextSibling) oldChild.nextSibling.remove();
    while (newChild.previousSibling) {
      const node = newChild.previousSibling;
      oldChild.parentNode.insertBefore(node, oldChild.parentNode.firstChild);
    }
    while (newChild.nextSibling) oldChild.parentNode.appendChild(newChild.nextSibling);
    if (oldChild !== kept) replaceAround(oldChild, newChild, kept, next);
  }

  function childHolding(ancestor, descendant) {
    let node = descendant;
    while (node.parentNode !== ancestor) node = node.parentNode;
    return node;
  }

  function syncAttributes(element, fresh) {
    Array.from(element.attributes).forEach(function (attribute) {
      if (!fresh.hasAttribute(attribute.name)) element.removeAttribute(attribute.name);
    });
    Array.from(fresh.attributes).forEach(function (attribute) {
      if (element.getAttribute(attribute.name) !== attribute.value) {
        element.setAttribute(attribute.name, attribute.value);
      }
    });
  }

  function start() {
    if (region()) schedule();
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", function () {
    if (timer === null && !busy) start();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && region() && !busy) schedule(0);
  });
})();
