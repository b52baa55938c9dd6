/**
 * Saving a backup from a screen: the share sheet when the browser can share files, a download
 * when it cannot (or when sharing fails), nothing when the Keeper closes the share sheet.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { MemoryStorage } from '$lib/db';
import ExportButton from '$lib/backup/ExportButton.svelte';
import { i18n } from '$lib/i18n';
import { provideStorage } from '$lib/stores';
import { gameRecord, nextEntry } from '../db/fixtures';

beforeAll(async () => {
  await i18n.setLanguage('en');
});

let clicked: HTMLAnchorElement[];
beforeEach(async () => {
  const storage = new MemoryStorage();
  const one = nextEntry(gameRecord('g1'));
  await storage.importGames(
    [
      { game: one.game, events: [one.event], checkpoints: [] },
      { game: gameRecord('g2', { updatedAt: 5 }), events: [], checkpoints: [] }
    ],
    'add'
  );
  provideStorage(storage);
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:backup');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A navigator whose share sheet can take files, answering `share` with `outcome`. */
function shareSheet(canShareFiles: boolean, outcome: () => Promise<void> = async () => {}) {
  const share = vi.fn((_data: ShareData) => outcome());
  const canShare = vi.fn((data?: ShareData) => canShareFiles && !!data?.files?.length);
  vi.stubGlobal('navigator', { ...navigator, share, canShare });
  return share;
}

async function press(name = 'Save all games', props: Record<string, unknown> = {}) {
  render(ExportButton, { label: name, ...props });
  await fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByText(/Backup (shared|saved)|cancelled/);
}

describe('saving a backup', () => {
  it('opens the share sheet with the backup file when the browser can share files', async () => {
    const share = shareSheet(true);
    const status = await press();
    expect(share).toHaveBeenCalledTimes(1);
    const data = share.mock.calls[0][0];
    expect(data.title).toBe('Lantern backup');
    const file = data.files![0];
    expect(file.name).toMatch(/^lantern-\d{4}-\d\d-\d\d-\d{4}\.json$/);
    expect(file.type).toBe('application/json');
    const backup = JSON.parse(await file.text());
    expect(backup.format).toBe('lantern-backup');
    expect(backup.games.map((g: { game: { id: string } }) => g.game.id)).toEqual(['g1', 'g2']);
    expect(clicked).toEqual([]);
    expect(status).toHaveTextContent(`Backup shared: ${file.name}`);
    expect(status).toHaveAttribute('role', 'status');
  });

  it('downloads the file when the browser cannot share files', async () => {
    const share = shareSheet(false);
    const status = await press();
    expect(share).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toMatch(/^lantern-.*\.json$/);
    expect(clicked[0].href).toBe('blob:backup');
    expect(status).toHaveTextContent(`Backup saved to your downloads: ${clicked[0].download}`);
  });

  it('downloads the file when the browser has no share sheet at all', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined });
    await press();
    expect(clicked).toHaveLength(1);
  });

  it('downloads the file when sharing is refused', async () => {
    shareSheet(true, () => Promise.reject(new DOMException('needs a tap', 'NotAllowedError')));
    const status = await press();
    expect(clicked).toHaveLength(1);
    expect(status).toHaveTextContent('Backup saved to your downloads');
  });

  it('does nothing more when the Keeper closes the share sheet', async () => {
    shareSheet(true, () => Promise.reject(new DOMException('closed', 'AbortError')));
    const status = await press();
    expect(clicked).toEqual([]);
    expect(status).toHaveTextContent('Sharing was cancelled; no file was saved.');
  });

  it('saves only the game it is given, named after it', async () => {
    const share = shareSheet(true);
    await press('Save a backup of this game', { ids: ['g2'] });
    const file = share.mock.calls[0][0].files![0];
    expect(file.name).toMatch(/^lantern-cluethulhu-/);
    expect(JSON.parse(await file.text()).games.map((g: { game: { id: string } }) => g.game.id)).toEqual(['g2']);
  });
});
