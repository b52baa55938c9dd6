/**
 * Runs when Kit writes the one page of the static build at build time (the fallback page every
 * address opens), and on each page the dev server sends: the tab icon goes into the page itself,
 * as a `data:` address.
 *
 * An icon linked by address is fetched as soon as the page arrives, on one of the six
 * connections a phone's browser opens to a server over HTTP/1.1, while the page's own code waits
 * for a free one: on a slow network that costs the first screen a round trip
 * (docs/PERFORMANCE.md, "The tab icon in the page"). The manifest, which names the same icon for
 * installing, is linked once the first screen is painted (src/lib/manifest.ts).
 * static/favicon.svg stays the one drawing of the icon (scripts/icons.mjs).
 */
import type { Handle } from '@sveltejs/kit';
import favicon from '../static/favicon.svg?raw';

const ICON = `data:image/svg+xml,${encodeURIComponent(favicon.trim())}`;

export const handle: Handle = ({ event, resolve }) =>
  resolve(event, { transformPageChunk: ({ html }) => html.replace('%lantern.icon%', ICON) });
