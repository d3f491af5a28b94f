/* lawsearch's service worker, written by each build (site.py): it keeps the whole site of
   one build in one cache, answers from it with no network, and when a new build is
   published (this file's build id changes) fetches the new site whole and drops the old.
   Registered only over https or from localhost (search.js); never from file://. */
"use strict";
var BUILD = {{ build|tojson }}, FILES = {{ files|tojson }}, CACHE = "lawsearch-" + BUILD;
self.addEventListener("install", function (event) {
  // past the browser's HTTP cache: a static host lets it keep the old build's files a while,
  // and a new build's cache filled from it would hold the old pages under the new id
  var fresh = FILES.map(function (f) { return new Request(f, {cache: "reload"}); });
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(fresh); })
    .then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("lawsearch-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (event) {
  if (event.request.method !== "GET") return;
  // a page opened with ?q=… is the same file: the query is read by the page's script
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(event.request, {ignoreSearch: true}).then(function (hit) { return hit || fetch(event.request); });
  }));
});
