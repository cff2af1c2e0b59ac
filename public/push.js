// Web Push in the service worker (issue 32): imported into Workbox's sw.js (vite.config.ts,
// workbox.importScripts), so it is plain script, not a module, and never in the app's chunks.
// The notify Edge Function sends { title, body, link, tag } (tag = kind:event_key, so a repeat
// replaces the one showing). A tap focuses an open window of the app and takes it to the link, or
// opens one there. Subscribing is the page's (Preferências → Notificações).
/* eslint-disable */
(function (scope) {
  var FALLBACK_TITLE = 'App Finanças';
  var ICON = '/pwa-192x192.png';

  /** Only the app's own pages: a link from elsewhere opens the home screen. */
  function appUrl(link) {
    try {
      var url = new URL(typeof link === 'string' && link ? link : '/', scope.location.origin);
      return url.origin === scope.location.origin ? url.href : scope.location.origin + '/';
    } catch (error) {
      return scope.location.origin + '/';
    }
  }

  function text(value, max) {
    return typeof value === 'string' ? value.slice(0, max) : '';
  }

  /** What a push carried, read defensively (a payload that is not our JSON still shows). */
  function readPush(data) {
    var payload = null;
    if (data) {
      try {
        payload = data.json();
      } catch (error) {
        payload = { body: data.text() };
      }
    }
    if (!payload || typeof payload !== 'object') payload = {};
    var options = {
      body: text(payload.body, 1000),
      icon: ICON,
      badge: ICON,
      lang: 'pt-BR',
      data: { link: appUrl(payload.link) },
    };
    var tag = text(payload.tag, 200);
    if (tag) {
      options.tag = tag;
      // A repeat of the same event replaces it without buzzing again.
      options.renotify = false;
    }
    return { title: text(payload.title, 300) || FALLBACK_TITLE, options: options };
  }

  function showPush(registration, data) {
    var push = readPush(data);
    return registration.showNotification(push.title, push.options);
  }

  /** Focus a window of the app and take it to the link; none open: open one there. */
  function openLink(clients, link) {
    var target = appUrl(link);
    return clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
      var same = list.filter(function (client) {
        return new URL(client.url).origin === scope.location.origin;
      });
      var client =
        same.filter(function (c) {
          return c.focused;
        })[0] || same[0];
      if (!client) return clients.openWindow(target);
      // focus() is refused outside a tap (InvalidAccessError): the window is still taken there.
      var focusing = client.focus().catch(function () {
        return client;
      });
      return focusing.then(function (focused) {
        var win = focused || client;
        if (win.url === target) return win;
        // navigate() works on windows this worker controls; others are opened anew.
        return typeof win.navigate === 'function'
          ? win.navigate(target).then(
              function (navigated) {
                return navigated || clients.openWindow(target);
              },
              function () {
                return clients.openWindow(target);
              },
            )
          : clients.openWindow(target);
      });
    });
  }

  scope.pushHandlers = {
    readPush: readPush,
    showPush: showPush,
    openLink: openLink,
    appUrl: appUrl,
  };

  scope.addEventListener('push', function (event) {
    event.waitUntil(showPush(scope.registration, event.data));
  });

  scope.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var link = event.notification.data && event.notification.data.link;
    event.waitUntil(openLink(scope.clients, link));
  });
})(self);
