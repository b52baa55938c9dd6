import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { vi } from 'vitest';

// Parts of a screen drawn a task later (Later.svelte) are drawn at once in component tests.
vi.mock('$lib/ui/Later.svelte', () => import('./ui/Now.svelte'));
