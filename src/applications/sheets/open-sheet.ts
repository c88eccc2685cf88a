/**
 * Opens a document's sheet: `render({ force: true })`, ApplicationV2's form on v13 and v14. The boolean
 * `render(true)` is ApplicationV1's legacy signature (fvtt-types marks it deprecated; the harness refuses it).
 */
export async function openSheet(sheet: object | null | undefined): Promise<void> {
  // fvtt-types types Document#sheet as ApplicationV1 | ApplicationV2, a union whose `render` only takes the
  // legacy boolean; every sheet Fray opens (its own, and core's ActiveEffectConfig) is an ApplicationV2.
  await (sheet as { render(options: { force: boolean }): Promise<unknown> } | null | undefined)?.render({
    force: true,
  });
}
