/**
 * Links the web app manifest (what installing Lantern reads: its name, colours and icons). The
 * layout calls it once the first screen is painted: linked in the page itself, the manifest and
 * the icon it names are fetched beside the page's own code and slow the first screen on a phone's
 * network, for something only the install needs. A manifest already linked is left as it is.
 */
export function linkManifest(href: string): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = href;
  document.head.append(link);
}
