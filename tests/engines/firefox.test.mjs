/** The cross-engine smoke run (smoke.mjs) in Firefox ESR, over WebDriver BiDi. */
import { launchFirefox } from './drivers.mjs';
import { smokeSuite } from './smoke.mjs';

smokeSuite('firefox', launchFirefox);
