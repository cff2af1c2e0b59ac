// The Web Share Target (the manifest's share_target): Android's share sheet POSTs what was shared
// from WhatsApp (or any app) to /compartilhar. Imported into the Workbox service worker
// (vite.config.ts, workbox.importScripts), so it is plain script, not a module. What was shared is
// kept in Cache Storage (files as they came, the text as JSON), since the page cannot receive a
// POST; the 303 opens Lançar's "Via WhatsApp" tab, which reads it from there
// (src/features/entries/lib/shared-inbox.ts: keep the names below in sync).
/* eslint-disable */
(function (scope) {
  var CACHE = 'compartilhado-v1';
  var META = '/compartilhar/dados.json';
  var FILE_PREFIX = '/compartilhar/arquivo/';
  var TARGET = '/lancar?aba=whatsapp&compartilhado=1';
  // More is not what a bill looks like; a phone's storage is not a dump.
  var MAX_FILES = 5;
  var ACCEPTED = /^(image\/|application\/pdf$)/;

  function textOf(form, name) {
    var value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 20000) : '';
  }

  /** What a share POST carried: the texts and the accepted files (images and PDFs). */
  async function parseShare(request) {
    var form = await request.formData();
    var files = form.getAll('files').filter(function (file) {
      return typeof file !== 'string' && file.size > 0 && ACCEPTED.test(file.type);
    });
    return {
      title: textOf(form, 'title'),
      text: textOf(form, 'text'),
      url: textOf(form, 'url'),
      files: files.slice(0, MAX_FILES),
    };
  }

  /** Replaces whatever an earlier share left: one share at a time is what the tab shows. */
  async function storeShare(caches, share, sharedAt) {
    await caches.delete(CACHE);
    var cache = await caches.open(CACHE);
    var entries = [];
    for (var i = 0; i < share.files.length; i++) {
      var file = share.files[i];
      var key = FILE_PREFIX + i;
      await cache.put(key, new Response(file, { headers: { 'Content-Type': file.type } }));
      entries.push({ key: key, name: file.name || 'arquivo-' + (i + 1), type: file.type });
    }
    var meta = {
      title: share.title,
      text: share.text,
      url: share.url,
      files: entries,
      sharedAt: sharedAt,
    };
    await cache.put(
      META,
      new Response(JSON.stringify(meta), { headers: { 'Content-Type': 'application/json' } }),
    );
    return meta;
  }

  function redirectTo(target) {
    return Response.redirect(new URL(target, scope.location.origin).href, 303);
  }

  async function handleShare(request, caches) {
    try {
      await storeShare(caches, await parseShare(request), new Date().toISOString());
      return redirectTo(TARGET);
    } catch (error) {
      // Nothing dropped silently: the tab says the share could not be read.
      return redirectTo(TARGET.replace('compartilhado=1', 'compartilhado=erro'));
    }
  }

  function isShare(request) {
    var url = new URL(request.url);
    return (
      request.method === 'POST' &&
      url.origin === scope.location.origin &&
      url.pathname === '/compartilhar'
    );
  }

  scope.shareTarget = {
    parseShare: parseShare,
    storeShare: storeShare,
    handleShare: handleShare,
    isShare: isShare,
  };

  scope.addEventListener('fetch', function (event) {
    if (!isShare(event.request)) return;
    event.respondWith(handleShare(event.request, scope.caches));
  });
})(self);
