/**
 * Handing a backup file to the Keeper: the phone's share sheet when the browser can share
 * files (save to Drive, send by messenger, …), a download otherwise. Browser APIs only, no
 * Svelte; the navigator and document are passed in so tests can stand in for them.
 */

export type Delivery = 'shared' | 'downloaded' | 'cancelled';

type ShareNavigator = Pick<Navigator, 'share' | 'canShare'>;

export async function deliverFile(
  name: string,
  text: string,
  title: string,
  nav: Partial<ShareNavigator> = globalThis.navigator,
  doc: Document = globalThis.document
): Promise<Delivery> {
  const file = new File([text], name, { type: 'application/json' });
  if (nav?.share && nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({ files: [file], title });
      return 'shared';
    } catch (e) {
      // The Keeper closed the share sheet: nothing to do. Any other refusal (the browser
      // wanting a fresh tap, a share target failing) falls back to a download.
      if ((e as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  download(file, doc);
  return 'downloaded';
}

function download(file: File, doc: Document): void {
  const url = URL.createObjectURL(file);
  const a = doc.createElement('a');
  a.href = url;
  a.download = file.name;
  a.rel = 'noopener';
  doc.body.append(a);
  a.click();
  a.remove();
  // The download has started from the click; the address is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
