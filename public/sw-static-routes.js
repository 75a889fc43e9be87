// The service worker's static routes (loaded by sw.js: see vite.config.ts, workbox.importScripts).
//
// The app's files under /assets/ carry a hash of their content and are precached as the service
// worker installs. Routed here, the browser answers them from that cache itself, without waking
// the service worker's script for each one: a reload asks for some 70 modules, level by level as
// their imports are found, and each answer through the worker's fetch handler took 100-200 ms.
// The statement PDF's code is not precached (it is kept when first used, by the worker's runtime
// cache), so it still goes through the worker. A browser without static routes (Firefox, Safari
// for now) keeps going through the worker as before.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return
  // Never holds the install up: a browser that refuses a rule installs the worker without it.
  event
    .addRoutes([
      {
        condition: {
          or: [{ urlPattern: '/assets/pdfmake-*' }, { urlPattern: '/assets/statementPdf-*' }],
        },
        source: 'fetch-event',
      },
      { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: 'cache' },
    ])
    .catch((error) => console.warn('service worker: static routes not added', error))
})
