// Web push in the service worker (rule: ready-notice): workbox's generated /sw.js imports this
// file (ui/vite.config.ts, importScripts). A push carries {title, body, url} as JSON; it is shown
// as a notification, and a click opens the page it names (/my-booking), on this site only.
self.addEventListener('push', function (event) {
  var notice = { title: 'Pizzakiosken', body: '', url: '/my-booking' };
  try {
    var data = event.data ? event.data.json() : {};
    if (typeof data.title === 'string') notice.title = data.title;
    if (typeof data.body === 'string') notice.body = data.body;
    if (typeof data.url === 'string') notice.url = data.url;
  } catch (error) {
    // Not JSON: the default text still tells the customer to look.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/icons/icon-192.png',
      lang: 'sv',
      tag: 'pizzakiosken-ready',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var wanted = new URL((event.notification.data && event.notification.data.url) || '/my-booking', self.location.origin);
  // Only a page of this site: a push never sends the customer elsewhere.
  var url = wanted.origin === self.location.origin ? wanted.href : new URL('/my-booking', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url && 'focus' in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
