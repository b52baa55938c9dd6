import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it, vi } from 'vitest';

vi.unmock('$lib/ui/Later.svelte');
const { default: Later } = await import('$lib/ui/Later.svelte');

const part = (text: string) => createRawSnippet(() => ({ render: () => `<p>${text}</p>` }));

describe('Later', () => {
  it('draws its children after the rest of the screen, not with it', async () => {
    render(Later, { props: { children: part('Below the fold') } });
    expect(screen.queryByText('Below the fold')).toBeNull();
    expect(await screen.findByText('Below the fold')).toBeInTheDocument();
  });

  it('draws parts in the order of the frames they wait for, each apart from the others', async () => {
    const seen: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n.textContent) seen.push(n.textContent);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    render(Later, { props: { children: part('third'), after: 3 } });
    render(Later, { props: { children: part('first'), after: 1 } });
    render(Later, { props: { children: part('second'), after: 2 } });
    await screen.findByText('third');
    // The observer hears of the last part before it stops listening.
    await new Promise((r) => setTimeout(r, 0));
    observer.disconnect();
    expect(seen.filter((t) => ['first', 'second', 'third'].includes(t))).toEqual(['first', 'second', 'third']);
  });
});
