/**
 * Every area's gallery samples. A template added under templates/ needs a sample (the gallery test fails,
 * naming it, until one renders it): add it to the area's file here, or a new file listed below, building its
 * context with the same code the application uses.
 */
import type { SampleSource } from "../sample";
import { chatSamples } from "./chat";
import { combatSamples } from "./combat";
import { sheetSamples } from "./sheets";
import { budgetSamples } from "./budget";
import { mountSamples } from "./mounts";
import { spellSamples } from "./spells";
import { selfTestSamples } from "./self-test";

export const SAMPLE_SOURCES: readonly SampleSource[] = [
  sheetSamples,
  combatSamples,
  chatSamples,
  budgetSamples,
  mountSamples,
  spellSamples,
  selfTestSamples,
];
