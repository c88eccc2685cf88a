/**
 * What a gallery sample is: one window, sidebar tab, chat message or dialog as a user meets it, built from
 * our templates and the contexts our own builders prepare. Every template under templates/ must appear in
 * at least one sample (the gallery test lists those that do not).
 */

/** One of our templates rendered into a frame, with the context the real code would give it. */
export interface GalleryPart {
  /** `templates/…/x.hbs` or `systems/fray/templates/…/x.hbs` (what `templatePath()` returns). */
  readonly template: string;
  readonly context: unknown;
  /** Chat frames only: `flavor` goes in the message's flavor line, the rest in its content. */
  readonly slot?: "flavor" | "content";
}

/**
 * The surroundings Foundry gives a template, approximated by the gallery's own base stylesheet (never
 * Foundry's): the window of a sheet at its DEFAULT_OPTIONS size, the 300 px sidebar, a chat message in
 * that sidebar, a dialog.
 */
export type GalleryFrame =
  | {
      readonly kind: "sheet";
      /** The application's classes (DEFAULT_OPTIONS.classes). */
      readonly classes: readonly string[];
      readonly width: number;
      readonly height: number;
      /** The window title (a document name: plain text, escaped). */
      readonly title: string;
      /** The sheet's tab navigation: label keys `${labelPrefix}.${id}`, one of them active. */
      readonly tabs?: {
        readonly labelPrefix: string;
        readonly ids: readonly string[];
        readonly active: string;
      };
    }
  | { readonly kind: "sidebar"; readonly tab: string }
  | {
      readonly kind: "chat";
      /** The speaker: a name (plain text) or, for the system's own notes, an i18n key. */
      readonly speaker: string | { readonly key: string };
      /** A core dice roll shown under the flavor (formula and total), as core renders a rolled message. */
      readonly roll?: { readonly formula: string; readonly total: number };
    }
  | {
      readonly kind: "dialog";
      /** i18n key of the window title. */
      readonly titleKey: string;
      /** i18n keys of the footer buttons. */
      readonly buttons: readonly string[];
      readonly width?: number;
    };

export interface GallerySample {
  /** Unique, kebab-case: the section anchor and the screenshot's file name. */
  readonly id: string;
  /** What the sample shows, for the people reading the gallery (English, never shown in Foundry). */
  readonly title: string;
  readonly frame: GalleryFrame;
  /**
   * The parts, in order. Called once per language after the harness speaks it (`game.i18n` answers in
   * that language), so contexts built with `loc()` come out translated.
   */
  parts(): readonly GalleryPart[] | Promise<readonly GalleryPart[]>;
}

/** An area's samples (sheets, combat, chat…): may set up documents once before listing them. */
export type SampleSource = () => readonly GallerySample[] | Promise<readonly GallerySample[]>;
