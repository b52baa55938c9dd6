import { render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it, vi } from 'vitest';

vi.unmock('$lib/ui/Later.svelte');
const { default: Later } = await import('$lib/ui/Later.svelte');

const children = createRawSnippet(() => ({ render: () => '<p>Below the fold</p>' }));

describe('Later', () => {
  it('draws its children in a task after the rest of the screen, not with it', async () => {
    render(Later, { props: { children } });
    expect(screen.queryByText('Below the fold')).toBeNull();
    expect(await screen.findByText('Below the fold')).toBeInTheDocument();
  });
});
