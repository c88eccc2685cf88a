/**
 * Documents named by a uuid that came from outside the code that reads it: a card's refs, a request's payload,
 * an effect's origin. Nothing vouches for what such a uuid names, so the result is `unknown` until its
 * `documentName` says what it is.
 */

/** The document (or compendium index entry) `uuid` names, or null: a uuid that is not a string, or that core cannot parse, names nothing. */
export function documentAt(uuid: unknown): unknown {
  if (typeof uuid !== "string" || !uuid) return null;
  try {
    return foundry.utils.fromUuidSync(uuid);
  } catch {
    return null;
  }
}

interface NamedDocuments {
  Actor: Actor.Implementation;
  Item: Item.Implementation;
  Token: TokenDocument.Implementation;
  ActiveEffect: ActiveEffect.Implementation;
}

/** `doc` when it is a document of that kind (its `documentName`), else null. */
export function asDocument<N extends keyof NamedDocuments>(doc: unknown, name: N): NamedDocuments[N] | null {
  const named = doc as { readonly documentName?: unknown } | null | undefined;
  return named?.documentName === name ? (doc as NamedDocuments[N]) : null;
}

/** The name of what `uuid` names (a document's, or a compendium index entry's), if it has one. */
export function nameAt(uuid: unknown): string | undefined {
  const name = (documentAt(uuid) as { readonly name?: unknown } | null)?.name;
  return typeof name === "string" ? name : undefined;
}
