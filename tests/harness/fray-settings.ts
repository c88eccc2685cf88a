/**
 * Fray's world settings and status definitions, registered as the init hook registers them (src/index.ts) before
 * any test runs: in Foundry a setting read before it is registered throws (tests/harness/core.ts, ClientSettings),
 * and toggling a status `CONFIG.statusEffects` does not define throws (tests/harness/effects.ts). The re-render on
 * change is not wired here; tests of it register their own.
 */
import { registerSettings } from "../../src/config/settings";
import { registerStatuses } from "../../src/documents/statuses";

registerSettings(() => undefined);
registerStatuses();
