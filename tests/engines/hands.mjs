/**
 * What a player's hands do on the screen, in any engine: find a control by what it says, tap
 * it, hold it, type into a field, and wait for the screen to show something. Built on the
 * driver adapter of drivers.mjs (an `exec` into the page, and pointer and keyboard input at
 * viewport coordinates), so the test bodies in smoke.mjs never name an engine.
 *
 * A control is named as a person sees it (`{ button: 'Start game' }`, `{ label: 'Player 1' }`,
 * `{ link: /^Cluethulhu/ }`, `{ css: 'main .seat' }`), found by the page library below, scrolled
 * into the middle of the viewport and pressed at its centre through the engine's real input.
 */

/**
 * Runs in the page: finds controls by their words. Kept free of closures (it is sent as text).
 * Text is compared with runs of white space made one; a RegExp travels as `{ re, flags }`.
 */
function pageLibrary() {
  const squash = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  const matches = (text, want) => (typeof want === 'string' ? squash(text) === want : new RegExp(want.re, want.flags).test(squash(text)));
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const nameOf = (el) => el.getAttribute('aria-label') ?? el.textContent;
  const labelled = (el) => {
    if (el.getAttribute('aria-label')) return [el.getAttribute('aria-label')];
    const ids = (el.getAttribute('aria-labelledby') ?? '').split(' ').filter(Boolean);
    if (ids.length) return [ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')];
    return [...(el.labels ?? [])].map((l) => l.textContent);
  };
  const find = (spec) => {
    const scope = spec.within ? document.querySelector(spec.within) : document;
    if (!scope) return null;
    let found;
    if (spec.css) found = [...scope.querySelectorAll(spec.css)];
    else if (spec.button) found = [...scope.querySelectorAll('button, [role="button"]')].filter((b) => matches(nameOf(b), spec.button));
    else if (spec.link) found = [...scope.querySelectorAll('a[href]')].filter((a) => matches(nameOf(a), spec.link));
    else if (spec.label)
      found = [...scope.querySelectorAll('input, select, textarea')].filter((el) => labelled(el).some((l) => matches(l, spec.label)));
    else if (spec.text) found = [...scope.querySelectorAll(spec.tag ?? '*')].filter((el) => el.children.length === 0 && matches(el.textContent, spec.text));
    else throw new Error(`no way to find ${JSON.stringify(spec)}`);
    const shown = found.filter((el) => visible(el) || (el.labels?.length && [...el.labels].some(visible)));
    return shown[spec.nth ?? 0] ?? null;
  };
  /** What a finger presses for `el`: a ticked box or radio is pressed through its label. */
  const pressable = (el) => {
    if (el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) && el.labels?.length) {
      return [...el.labels].find(visible) ?? el;
    }
    return el;
  };
  return {
    exists: (spec) => find(spec) !== null,
    /** The centre of the control, once it is in the middle of the viewport, and whether it is disabled. */
    point: (spec) => {
      const el = find(spec);
      if (!el) return null;
      const target = pressable(el);
      target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = target.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, disabled: Boolean(el.disabled), tag: el.tagName };
    },
    /** Marks the control so the driver can name it by CSS (to type into it); empties a text field first. */
    mark: (spec) => {
      const el = find(spec);
      if (!el) return null;
      document.querySelectorAll('[data-smoke-target]').forEach((e) => e.removeAttribute('data-smoke-target'));
      el.setAttribute('data-smoke-target', '');
      if ('value' in el && el.value !== '') {
        el.value = '';
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
      return '[data-smoke-target]';
    },
    /**
     * Picks an option of a <select> by its words. A native select's list is drawn by the
     * browser outside the page, differently in each engine, so the choice is made as the list
     * makes it: the value set, and `input` and `change` sent.
     */
    choose: (spec, option) => {
      const el = find(spec);
      if (!(el instanceof HTMLSelectElement)) return `no select ${JSON.stringify(spec)}`;
      const o = [...el.options].find((o) => (typeof option === 'number' ? o.index === option : matches(o.textContent, option)));
      if (!o) return `no option ${JSON.stringify(option)} in ${[...el.options].map((o) => o.textContent).join(' | ')}`;
      el.value = o.value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return '';
    },
    text: (spec) => {
      const el = spec ? find(spec) : document.querySelector('main');
      return el ? squash(el.innerText ?? el.textContent) : null;
    },
    checked: (spec) => Boolean(find(spec)?.checked),
    /** What a game screen shows now (the markers every game screen keeps on <main>). */
    state: () => {
      const main = document.querySelector('main');
      const text = (sel) => squash(document.querySelector(sel)?.textContent) || null;
      return {
        path: location.pathname,
        seq: main?.dataset.seq === undefined ? null : Number(main.dataset.seq),
        stage: main?.dataset.stage ?? null,
        handBack: document.querySelector('[data-screen="hand-back"]') !== null,
        heading: text('main h1'),
        phase: text('[data-testid="phase"]'),
        prompt: text('[data-testid="prompt"]'),
        progress: text('[data-testid="progress"]')
      };
    }
  };
}

const LIBRARY = `(${pageLibrary.toString()})()`;

/** A RegExp made fit to travel into the page. */
const wire = (value) => (value instanceof RegExp ? { re: value.source, flags: value.flags } : value);
const wireSpec = (spec) => Object.fromEntries(Object.entries(spec).map(([k, v]) => [k, wire(v)]));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A player's hands on one engine's page.
 * @param {Awaited<ReturnType<Awaited<ReturnType<typeof import('./drivers.mjs').launchFirefox>>['open']>>} page
 */
export function hands(page) {
  /** Calls a function of the page library with JSON arguments. */
  const lib = (name, ...args) => page.exec(`${LIBRARY}.${name}(...${JSON.stringify(args.map((a) => (a && typeof a === 'object' && !(a instanceof RegExp) ? wireSpec(a) : wire(a))))})`);

  /**
   * Waits until `check()` (run in Node, usually reading the page) returns something truthy;
   * returns it. Fails saying `what` was awaited, and what the screen showed.
   */
  async function until(check, what, timeout = 20_000) {
    const end = Date.now() + timeout;
    let last;
    for (;;) {
      try {
        const value = await check();
        if (value) return value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > end) {
        const screen = await lib('text', null).catch(() => '(no page)');
        const where = await page.exec('location.href + " (" + document.readyState + ")"').catch(() => '?');
        const errors = await page.errors().catch(() => []);
        throw new Error(
          `waited ${timeout} ms for ${what}${last ? ` (${last.message})` : ''}; at ${where} the screen says: ${String(screen).slice(0, 600)}` +
            (errors.length ? `; errors: ${errors.join(' | ')}` : '')
        );
      }
      await sleep(100);
    }
  }

  /** The control's centre, once it exists and is enabled. */
  const ready = (spec, timeout) =>
    until(async () => {
      const at = await lib('point', spec);
      return at && !at.disabled ? at : null;
    }, `${JSON.stringify(spec)} to be on screen and enabled`, timeout);

  /**
   * Waits until taps count: after every new position (a move stored, an undo, the hand-back
   * opened, a dialog closed) the game screen ignores taps on its controls for a moment, and a
   * tap it stops starts the moment again. <main> (and a script's step form) say when taps count
   * with `data-ready`; screens without it take taps at once.
   */
  const tapsCount = (timeout) =>
    until(
      () =>
        page.exec(
          `document.querySelector('main')?.getAttribute('data-ready') !== 'false' && document.querySelector('form[data-ready]')?.getAttribute('data-ready') !== 'false'`
        ),
      'taps to count again (data-ready)',
      timeout
    );

  const self = {
    page,
    lib,
    until,
    exists: (spec) => lib('exists', spec),
    text: (spec = null) => lib('text', spec),
    state: () => lib('state'),
    checked: (spec) => lib('checked', spec),
    /** Waits for a control, or a text, to be on screen. */
    see: (spec, timeout) => until(() => lib('exists', spec), `${JSON.stringify(spec)} to be on screen`, timeout),
    gone: (spec, timeout) => until(async () => !(await lib('exists', spec)), `${JSON.stringify(spec)} to leave the screen`, timeout),
    /** A quick tap on the control's centre, once taps count. */
    async tap(spec, timeout) {
      await tapsCount(timeout);
      const at = await ready(spec, timeout);
      await page.tap(at.x, at.y);
    },
    /** Presses and keeps holding the control, once taps count; `release()` lets go. */
    async press(spec, timeout) {
      await tapsCount(timeout);
      const at = await ready(spec, timeout);
      await page.press(at.x, at.y);
    },
    release: () => page.release(),
    /**
     * Ticks a box or a radio by tapping it (its label, where it has one), and checks that it is
     * ticked: a tap that lands while the list is drawn again is tapped once more.
     */
    async tick(spec) {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (attempt > 0) await sleep(300);
        if (!(await lib('checked', spec))) await self.tap(spec);
        if (await until(() => lib('checked', spec), `${JSON.stringify(spec)} to be ticked`, 2_000).catch(() => false)) return;
      }
      throw new Error(`tapping ${JSON.stringify(spec)} did not tick it`);
    },
    /** Types `text` into a field (emptied first). */
    async fill(spec, text) {
      await ready(spec);
      const css = await lib('mark', spec);
      await page.type(css, text);
      const value = await page.exec('document.querySelector("[data-smoke-target]")?.value');
      if (value !== text) throw new Error(`typed "${text}" into ${JSON.stringify(spec)}, it holds "${value}"`);
    },
    async choose(spec, option) {
      await ready(spec);
      const problem = await lib('choose', spec, option);
      if (problem) throw new Error(problem);
    },
    /** Waits until the log on <main> has grown past `seq` (a move stored); returns the new state. */
    committed: (seq, timeout) =>
      until(async () => {
        const state = await lib('state');
        return state.seq !== null && state.seq > seq ? state : null;
      }, `a move to be stored (data-seq past ${seq})`, timeout),
    /** Waits until a game's screen has drawn from its stored log. */
    gameScreen: (timeout) =>
      until(async () => {
        const state = await lib('state');
        return state.seq !== null && state.stage !== null && state.heading ? state : null;
      }, 'the game screen to draw', timeout),
    sleep
  };
  return self;
}
