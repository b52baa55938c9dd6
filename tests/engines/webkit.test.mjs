/** The cross-engine smoke run (smoke.mjs) in WebKitGTK, over W3C WebDriver under xvfb-run. */
import { launchWebKit } from './drivers.mjs';
import { smokeSuite } from './smoke.mjs';

smokeSuite('webkit', launchWebKit);
