// The service worker: keeps the app shell (the HTML, styles, scripts, icons
// and lesson texts: the static files) in one versioned cache, so the site
// installs and opens offline; the page then says it is offline and joins by
// itself when the network returns (js/pages/offline.js). Served from the root
// (/sw.js) so its scope is the whole site, with `Cache-Control: no-cache` so
// an update reaches users at their next visit.
//
// Never cached: the HTTP API (/api/), the WebSocket (/ws: game state only
// ever travels there), the health and metrics endpoints, anything but a GET,
// anything from another origin. Static files are fetched from the network
// first (an update is seen at once) and the cached copy serves only when the
// network fails.
// Bump when the shell list or the caching below changes: the new worker
// fills a new cache and deletes the old ones when it takes over.
const version = 'kibitz-shell-v2';

// The entry points; the page adds every static file it loaded (the whole
// module graph) with a 'warm' message once this worker is active.
const shell = ['/', '/index.html', '/css/main.css', '/css/board.css', '/css/extras.css', '/css/lobby.css',
    '/css/tools.css', '/js/app.js', '/manifest.webmanifest', '/favicon.svg', '/favicon.ico',
    '/icons/icon-192.png', '/icons/icon-512.png'];

const never = [/^\/api\//, /^\/ws$/, /^\/healthz$/, /^\/readyz$/, /^\/metrics$/];

function cacheable(url) {
    const u = new URL(url, self.location.origin);
    return u.origin === self.location.origin && !never.some((re) => re.test(u.pathname));
}

self.addEventListener('install', (event) => {
    event.waitUntil(caches.open(version).then((c) => c.addAll(shell)).then(() => self.skipWaiting()));
});

// Old versions' caches go; this worker takes the open pages at once.
self.addEventListener('activate', (event) => {
    event.waitUntil(caches.keys()
        .then((names) => Promise.all(names.filter((n) => n !== version).map((n) => caches.delete(n))))
        .then(() => self.clients.claim()));
});

// {t: 'warm', urls}: the static files a page loaded, cached for the next offline start.
self.addEventListener('message', (event) => {
    const d = event.data || {};
    if (d.t !== 'warm' || !Array.isArray(d.urls)) return;
    const urls = d.urls.filter((u) => typeof u === 'string' && cacheable(u)).slice(0, 500);
    // What is cached already (fetched through this worker) is not fetched again.
    event.waitUntil(caches.open(version).then((c) => Promise.all(urls.map((u) =>
        c.match(u).then((hit) => hit || c.add(u)).catch(() => {})))));
});

self.addEventListener('fetch', (event) => {
    const req = event.request;
    if (req.method !== 'GET' || !cacheable(req.url)) return;  // the browser fetches it as if we were not here
    event.respondWith(from_network(req).catch(() => from_cache(req)));
});

async function from_network(req) {
    const res = await fetch(req);
    // Only whole, successful, same-origin answers replace the cached copy.
    if (res.ok && res.type === 'basic' && res.status === 200) {
        const copy = res.clone();
        caches.open(version).then((c) => c.put(req, copy)).catch(() => {});
    }
    return res;
}

// Offline: the cached copy; a page address (any hash route) gets the app shell.
async function from_cache(req) {
    const hit = await caches.match(req, {ignoreSearch: req.mode === 'navigate'});
    if (hit) return hit;
    if (req.mode === 'navigate') {
        const shell_page = await caches.match('/');
        if (shell_page) return shell_page;
    }
    return Response.error();
}

// Web Push (docs/push.md): the server's message is one notification as the
// bell lists it ({id, kind, data, at}: codes and values, no words), decrypted
// by the browser and worded here in the reader's language from the same
// catalogues as the page (English below when none can be had). Shown at once
// (a push must show something); its tag keeps one per game or event, so
// several turns in one game do not pile up.
const push_texts = {
    game_started: (d) => [`Your game against ${d.opponent} has started`, `/#/game/${d.room}`],
    your_turn: (d) => [`Your move against ${d.opponent}`, `/#/game/${d.room}`],
    game_over: (d) => [`Your game against ${d.opponent} is over`, `/#/game/${d.room}`],
    challenge: (d) => [`${d.from} challenges you`, String(d.path || '').startsWith('#/') ? `/${d.path}` : '/#/'],
    tournament_soon: (d) => [`${d.name} starts soon`, `/#/tournament/${d.id}`],
    tournament_withdrawn: (d) => [`Withdrawn from ${d.name}: not connected when round ${d.round} began`, `/#/tournament/${d.id}`],
    tournament_paused: (d) => [`Paused in ${d.name}: away for a minute. Join to play on`, `/#/tournament/${d.id}`],
};

// The same words as the bell's (js/pages/notifications_view.js): a
// notification's catalogue key and its values, by kind.
const results = ['win', 'loss', 'draw', 'aborted'];
const push_keys = {
    game_started: (d) => ['notice.game_started', {opponent: d.opponent}],
    your_turn: (d) => ['notice.your_turn', {opponent: d.opponent}],
    game_over: (d) => [`notice.result_${results.includes(d.result) ? d.result : 'over'}`, {opponent: d.opponent}],
    challenge: (d) => ['notice.challenge', {name: d.from}],
    tournament_soon: (d) => ['notice.tournament_soon', {name: d.name}],
    tournament_withdrawn: (d) => ['notice.tournament_withdrawn', {name: d.name, round: d.round}],
    tournament_paused: (d) => ['notice.tournament_paused', {name: d.name}],
};

// A catalogue (web/i18n/<code>.json) from the network, else the cache.
async function catalogue(code) {
    if (!/^[a-z]{2,3}$/.test(code)) return null;
    const url = `/i18n/${code}.json`;
    try {
        const res = await fetch(url);
        if (res.ok) return await res.json();
    } catch { /* offline: the cached copy */ }
    const hit = await caches.match(url);
    return hit ? hit.json() : null;
}

// The reader's catalogue, chosen as the page chooses (js/i18n/choose.js)
// but for the account's own setting, which the page keeps in the cookie: the
// cookie, else the browser's languages (a region falls back to its language).
async function reader_catalogue() {
    let picked = '';
    try {
        const c = self.cookieStore ? await self.cookieStore.get('kibitz_lang') : null;
        picked = c ? c.value : '';
    } catch { /* no cookie store: the browser's languages */ }
    const wanted = [picked, ...(self.navigator.languages || [])].filter(Boolean);
    for (const tag of wanted) {
        const found = await catalogue(tag.toLowerCase()) || await catalogue(tag.toLowerCase().split('-')[0]);
        if (found) return found;
    }
    return null;
}

function worded(words, key, vars) {
    const text = words && words[key];
    if (typeof text !== 'string') return null;
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
}

async function push_notice(n) {
    const d = (n && n.data) || {};
    const text = push_texts[n && n.kind];
    let [body, url] = text ? text(d) : ['Something happened', '/#/'];
    const key = push_keys[n && n.kind];
    if (key) {
        const words = await reader_catalogue().catch(() => null);
        const [k, vars] = key(d);
        vars.game = (words && words[`game_name.${d.game}`]) || d.game || '';
        body = worded(words, k, vars) || body;
    }
    return {body, url, tag: `${n.kind}:${d.room || d.id || d.from || ''}`};
}

self.addEventListener('push', (event) => {
    let n = {};
    try { n = event.data ? event.data.json() : {}; } catch { n = {}; }
    event.waitUntil(push_notice(n).then(({body, url, tag}) => self.registration.showNotification('Kibitz', {
        body, tag, data: {url}, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', renotify: true,
    })));
});

// A click opens what it is about: an open tab of the site if there is one, else a new one.
self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const wanted = new URL((event.notification.data && event.notification.data.url) || '/#/', self.location.origin);
    const url = wanted.origin === self.location.origin ? wanted.href : `${self.location.origin}/#/`;
    event.waitUntil(self.clients.matchAll({type: 'window', includeUncontrolled: true}).then((tabs) => {
        const tab = tabs.find((t) => new URL(t.url).origin === self.location.origin);
        if (tab) return tab.focus().then((t) => (t || tab).navigate(url));
        return self.clients.openWindow(url);
    }));
});
