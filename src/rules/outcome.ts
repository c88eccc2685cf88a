/**
 * What a rule returns when it may refuse: either a value, or a refusal with a reason code.
 * Reason codes are camelCase and map one-to-one to the i18n key `FRAY.Refusal.<reason>`,
 * so every refusal can be shown to the user in their language (see `refusalKey`).
 */
export type Refusal<R extends string = string> = {
  readonly ok: false;
  readonly reason: R;
  /** Values for the localized message (`game.i18n.format`), already strings. */
  readonly data?: Readonly<Record<string, string>>;
};

export type Accepted<T> = { readonly ok: true; readonly value: T };

export type Outcome<T, R extends string = string> = Accepted<T> | Refusal<R>;

export function accept<T>(value: T): Accepted<T> {
  return { ok: true, value };
}

export function refuse<R extends string>(reason: R, data?: Record<string, string | number>): Refusal<R> {
  if (!data) return { ok: false, reason };
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return { ok: false, reason, data: strings };
}

/** The i18n key that explains a refusal. */
export function refusalKey(reason: string): string {
  return `FRAY.Refusal.${reason}`;
}

/**
 * A refusal raised from deep inside a GM-side handler, where the code that finds it returns no Outcome (a chat
 * message Foundry did not keep to its readers): the request machinery (net/gm-requests.ts) answers the asker with
 * it, in their language, as with any refusal.
 */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(`refused: ${refusal.reason}`);
    this.name = "RefusalError";
  }
}
