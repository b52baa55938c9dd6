// The set-up screens are written out as pages of their own at build time (new/<game>.html), each
// naming its screen's code and styles in its <head>: a first visit fetches them alongside the
// shell instead of in a second wave once the app has started (docs/PERFORMANCE.md). Nothing is
// rendered on the server: the page is the same empty shell as index.html, with more to preload.
export const prerender = true;
