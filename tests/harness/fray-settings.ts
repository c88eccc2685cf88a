/**
 * Fray's world settings, registered as the init hook registers them (src/index.ts) before any test runs: in
 * Foundry a setting read before it is registered throws (tests/harness/core.ts, ClientSettings). The re-render
 * on change is not wired here; tests of it register their own.
 */
import { registerSettings } from "../../src/config/settings";

registerSettings(() => undefined);
