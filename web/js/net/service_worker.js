// Registers the service worker (/sw.js, the app shell's offline cache) and,
// once it is active, hands it every static file this page loaded (the whole
// module graph of app.js, styles, icons), so the next start works offline
// even when this first page loaded before the worker existed. The worker
// itself refuses the API and the WebSocket. Runs on the page's thread.
export function register_service_worker() {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('service worker:', e));  // not for people: the console
    navigator.serviceWorker.ready.then((reg) => {
        const urls = performance.getEntriesByType('resource').map((e) => e.name)
            .filter((u) => u.startsWith(location.origin));
        if (reg.active) reg.active.postMessage({t: 'warm', urls: [...new Set(urls)]});
    }).catch(() => {});
}
