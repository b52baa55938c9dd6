import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest } from '../../src/lib/manifest';

describe('linkManifest', () => {
  afterEach(() => {
    for (const link of document.querySelectorAll('link[rel="manifest"]')) link.remove();
  });

  it('links the manifest in the page’s head, at the address it is given', () => {
    expect(document.querySelector('link[rel="manifest"]')).toBeNull();
    linkManifest('/lantern/manifest.webmanifest');
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(new URL(links[0].href).pathname).toBe('/lantern/manifest.webmanifest');
  });

  it('leaves a manifest already linked as it is, and adds no second one', () => {
    linkManifest('/manifest.webmanifest');
    linkManifest('/other.webmanifest');
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(new URL(links[0].href).pathname).toBe('/manifest.webmanifest');
  });
});
