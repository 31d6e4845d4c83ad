// Scorekeeper's service worker, served as /sw.js so that its scope is the whole app.
//
// Online, every request goes to the network as before (nothing is served stale). What it
// keeps, to show when the network is gone:
// - the app shell: the stylesheet, the scripts, the icons and the manifest (fetched at
//   install, refreshed whenever the network serves them);
// - for each game seen, its scoreboard, read-only: the game's watch page (no join code, no
//   entry form: an editor's own page is never stored, it shows the join code), fetched when
//   the game page is opened, when this device changes the game, and when a live screen sees
//   the game change.
// Offline, a game's pages (/games/<id>, its watch page, its history) show that scoreboard
// with a note saying it is the last one seen and read-only; the start page (/, where the
// installed app opens) lists the games whose scoreboards are kept, newest first, each a link
// to its scoreboard; any other page, a short note.
// Its words are the reader's: the server renders them in the person's language as the page
// /offline (templates/offline.html), which the worker keeps (at install, whenever the start
// page or a language choice goes through, so a new choice is kept at once) and fills in; only
// before it has a copy does it fall back to its own English.
// A save made offline is not the worker's business: it fails as a send error and the page
// keeps it and sends it again (drafts.js).
"use strict";

const SHELL_CACHE = "scorekeeper-shell-v2";
const OFFLINE_URL = "/offline";
const GAMES_CACHE = "scorekeeper-games-v1";
const SHELL = [
  "/static/css/app.css",
  "/static/vendor/htmx-2.0.8.min.js",
  "/static/js/app.js",
  "/static/js/live.js",
  "/static/js/drafts.js",
  "/static/js/cardpicker.js",
  "/static/js/referee.js",
  "/static/favicon.svg",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/manifest.webmanifest",
];
const GAME_PAGE = /^\/games\/([A-Za-z0-9_-]{16,32})(?:\/(?:watch|history))?\/?$/;
const GAME_LIVE = /^\/games\/([A-Za-z0-9_-]{16,32})\/live$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE).then(function (cache) {
      // One missing file must not stop the worker from installing.
      return Promise.all(SHELL.concat([OFFLINE_URL]).map(function (url) {
        return cache.add(url).catch(function () {});
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  const current = [SHELL_CACHE, GAMES_CACHE];
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return current.indexOf(name) < 0; })
        .map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function keepScoreboard(gameId) {
  const url = "/games/" + gameId + "/watch";
  return fetch(url, { credentials: "same-origin" }).then(function (answer) {
    if (!answer.ok) return;
    return caches.open(GAMES_CACHE).then(function (cache) { return cache.put(url, answer); });
  }).catch(function () {});
}

function keepOfflinePage() {
  return fetch(OFFLINE_URL, { credentials: "same-origin" }).then(function (answer) {
    if (!answer.ok) return;
    return caches.open(SHELL_CACHE).then(function (cache) { return cache.put(OFFLINE_URL, answer); });
  }).catch(function () {});
}

// The worker's own words, for the time before it has kept /offline (English, as the server's
// English page has them): it cannot read a page's words, so the kept page is its catalogue.
const ENGLISH = {
  offline: "Offline.",
  title: "Offline · Scorekeeper",
  no_copy: "This device cannot reach the scorekeeper, and has no copy of this page. " +
    "Check the Wi-Fi, then reload.",
  kept_games: "The games kept on this device",
  home: "This device cannot reach the scorekeeper. The scoreboards it keeps are " +
    "below, as it last saw them, read-only.",
  games: "Games on this device",
  none: "No scoreboard is kept on this device yet: a game opened here while " +
    "online is kept for the next time the connection is gone.",
  game: "This is the scoreboard as this device last saw it, read-only. It comes " +
    "back to life by itself when the connection returns; reload then to score.",
};

function offlineNote(text) {
  return '<div class="warn-box offline-note" role="status"><strong>' + ENGLISH.offline + "</strong> " + text + "</div>";
}

// The pieces of the kept page (its <template data-offline="name">), from the English words.
const FALLBACK = {
  body: offlineNote(ENGLISH.no_copy) +
    '<p><a class="button secondary" href="/">' + ENGLISH.kept_games + "</a></p>",
  home: offlineNote(ENGLISH.home) +
    '<section class="panel offline-games"><h1>' + ENGLISH.games + "</h1><!--games--></section>",
  none: '<p class="muted">' + ENGLISH.none + "</p>",
  game: offlineNote(ENGLISH.game),
};

// The kept /offline page (its text), or null before there is one.
function offlineCopy() {
  return caches.match(OFFLINE_URL).then(function (kept) { return kept ? kept.text() : null; })
    .catch(function () { return null; });
}

// One of the page's <template data-offline="name"> pieces, or the worker's own.
function piece(html, name) {
  const found = html && new RegExp('<template data-offline="' + name + '">([\\s\\S]*?)</template>').exec(html);
  return found ? found[1] : FALLBACK[name];
}

// The kept page with ``body`` between its marks (the worker's own shell before there is one).
function offlineResponse(html, body, status) {
  const headers = { "Content-Type": "text/html; charset=utf-8" };
  const marked = /<!--offline-body-->[\s\S]*?<!--\/offline-body-->/;
  if (html && marked.test(html)) {
    return new Response(html.replace(marked, function () { return body; }), { status: status, headers: headers });
  }
  return offlineShell(body, status);
}

function offlineGame(gameId) {
  return caches.open(GAMES_CACHE).then(function (cache) {
    return cache.match("/games/" + gameId + "/watch");
  }).then(function (kept) {
    if (!kept) return offlinePage();
    return Promise.all([kept.text(), offlineCopy()]).then(function (texts) {
      const html = texts[0];
      const note = piece(texts[1], "game");
      return new Response(html.replace(/<main\b[^>]*>/, function (tag) { return tag + note; }), {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
  });
}

const HTML = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, function (ch) { return HTML[ch]; });
}

function offlineShell(body, status) {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" + ENGLISH.title + "</title>" +
    '<link rel="stylesheet" href="/static/css/app.css">' +
    '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head><body>' +
    '<header class="topbar"><a class="brand" href="/"><span class="brand-suits" aria-hidden="true">' +
    '<span class="suit-s">♠</span><span class="suit-h">♥</span><span class="suit-d">♦</span>' +
    '<span class="suit-c">♣</span></span> <span class="brand-word">Scorekeeper</span></a></header>' +
    '<main id="main" class="main">' + body + "</main></body></html>";
  return new Response(html, { status: status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// What a kept scoreboard says about its game (the watch page's <meta name=scorekeeper-game>).
const GAME_META = /<meta name="scorekeeper-game" content='([^']*)'>/;

function keptGames() {
  return caches.open(GAMES_CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        return cache.match(request).then(function (kept) {
          return kept.text().then(function (html) {
            const found = GAME_META.exec(html);
            if (!found) return null;
            try {
              const game = JSON.parse(found[1]);
              game.kept = Date.parse(kept.headers.get("Date") || "") || 0;
              return game;
            } catch (error) {
              return null;
            }
          });
        });
      }));
    });
  }).then(function (found) {
    return found.filter(Boolean).sort(function (a, b) { return b.kept - a.kept; });
  });
}

function offlineHome() {
  return Promise.all([keptGames(), offlineCopy()]).then(function (found) {
    const kept = found[0];
    const page = found[1];
    const items = kept.map(function (game) {
      return '<li><a class="game-link" href="/games/' + encodeURIComponent(game.id) + '">' +
        '<span class="game-link-title">' + escapeHtml(game.title) + "</span>" +
        '<span class="game-link-meta">' + escapeHtml(game.line) + "</span></a></li>";
    });
    const list = items.length ? '<ul class="game-list">' + items.join("") + "</ul>" : piece(page, "none");
    const body = piece(page, "home").replace("<!--games-->", function () { return list; });
    return offlineResponse(page, body, 200);
  }).catch(function () { return offlinePage(); });
}

function offlinePage() {
  return offlineCopy().then(function (page) {
    if (page) return new Response(page, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    return offlineShell(FALLBACK.body, 503);
  });
}

function isShell(path) {
  return path.indexOf("/static/") === 0 || path === "/manifest.webmanifest";
}

const GAME_CHANGE = /^\/games\/([A-Za-z0-9_-]{16,32})\//;
const LANGUAGE_CHOICE = "/language";

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === LANGUAGE_CHOICE) {
    // A new language chosen on this device: keep the offline page in it.
    event.respondWith(fetch(request).then(function (answer) {
      event.waitUntil(keepOfflinePage());
      return answer;
    }));
    return;
  }
  if (request.method === "POST") {
    // This device changed a game (a round saved, edited, undone): keep the new scoreboard.
    const changed = GAME_CHANGE.exec(url.pathname);
    if (changed) {
      event.respondWith(fetch(request).then(function (answer) {
        if (answer.status < 400) event.waitUntil(keepScoreboard(changed[1]));
        return answer;
      }));
    }
    return;
  }
  if (request.method !== "GET") return;
  const game = GAME_PAGE.exec(url.pathname);
  const live = GAME_LIVE.exec(url.pathname);

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).then(function (answer) {
        if (game && answer.ok) event.waitUntil(keepScoreboard(game[1]));
        if (url.pathname === "/" && answer.ok) event.waitUntil(keepOfflinePage());
        return answer;
      }).catch(function () {
        if (game) return offlineGame(game[1]);
        return url.pathname === "/" ? offlineHome() : offlinePage();
      })
    );
  } else if (live) {
    // A live screen saw the game change: keep the new scoreboard for offline use.
    event.respondWith(
      fetch(request).then(function (answer) {
        if (answer.status === 200) event.waitUntil(keepScoreboard(live[1]));
        return answer;
      })
    );
  } else if (isShell(url.pathname)) {
    event.respondWith(
      fetch(request).then(function (answer) {
        if (answer.ok) {
          const copy = answer.clone();
          event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
            return cache.put(url.pathname, copy);
          }));
        }
        return answer;
      }).catch(function () {
        return caches.match(url.pathname).then(function (kept) {
          return kept || Response.error();
        });
      })
    );
  }
});
