/**
 * Chat messages the GM posts with their readers named (`whisper`/`blind`: an asker's private, blind or self roll,
 * a hidden combatant's roll), held to those readers whatever core does (B-chat §4). Fray never passes a mode
 * option to `ChatMessage.create` for such a post: `self` would whisper to the poster (the GM) and `gm` would leave
 * the asker out. v13 applies no mode without the option (foundryvtt#11442); whether v14's `_preCreate` applies the
 * poster's own `core.messageMode` when none is given is unconfirmed, and if it did, a player's blind roll posted by a
 * GM in public mode would reach every player. So, fail closed, twice:
 *
 * 1. before the write: Fray's `preCreateChatMessage` handler (chat/register.ts), which runs after core's
 *    `_preCreate`, cancels a post whose readers core changed (`preCreateKeepsReaders`), so it never reaches the
 *    server nor any other client;
 * 2. after the write: the stored `whisper`/`blind` are compared with those asked (a module's `preCreateChatMessage`
 *    hook, or the server, may still change them); a message that differs is deleted.
 *
 * Either way the post is refused (`readersNotKept`, a RefusalError the GM request answers its asker with).
 */
import { SYSTEM_ID } from "../constants";
import { refuse, RefusalError } from "../rules/outcome";

interface Readers {
  readonly whisper: readonly string[];
  readonly blind: boolean;
}

function readersOf(source: unknown): Readers {
  const s = (source ?? {}) as { whisper?: unknown; blind?: unknown };
  const whisper = Array.isArray(s.whisper) ? s.whisper.map((id) => String(id)) : [];
  return { whisper, blind: s.blind === true };
}

/** Readers named: a whisper, or a blind roll (a public post is not held: nothing in it is private). */
function restricted(readers: Readers): boolean {
  return readers.whisper.length > 0 || readers.blind;
}

function sameReaders(a: Readers, b: Readers): boolean {
  const left = new Set(a.whisper);
  const right = new Set(b.whisper);
  return a.blind === b.blind && left.size === right.size && [...left].every((id) => right.has(id));
}

/** The create option that marks a post held to its readers: its name and the readers it names. */
const KEEP = "keepReaders";

/** Posts `preCreateKeepsReaders` cancelled, by the name their create option gave them. */
const cancelled = new Set<string>();

function keepOption(options: unknown): (Readers & { readonly name: string }) | null {
  const mine = (options as Record<string, unknown> | null | undefined)?.[SYSTEM_ID];
  const kept = (mine as Record<string, unknown> | undefined)?.[KEEP] as { name?: unknown } | undefined;
  return kept && typeof kept.name === "string" ? { ...readersOf(kept), name: kept.name } : null;
}

/**
 * For Fray's `preCreateChatMessage` handler, which core calls after its own `_preCreate`: false (cancel the post)
 * when a post made by `createWithReaders` no longer names the readers it was made with. Any other post is left alone.
 */
export function preCreateKeepsReaders(pending: unknown, options: unknown): boolean {
  const kept = keepOption(options);
  if (!kept || !restricted(kept) || sameReaders(kept, readersOf(pending))) return true;
  cancelled.add(kept.name);
  console.error("fray | Foundry changed the readers of a private post before it was written: not posted", {
    asked: readersOf(kept),
    now: readersOf(pending),
  });
  return false;
}

type Posted = ChatMessage.Implementation;

/**
 * Creates each message (one at a time, in order) and holds every one whose data names its readers to them: a
 * post core changed is cancelled or deleted, and a RefusalError (`readersNotKept`) is thrown. Returns the messages
 * created (a message another module's hook cancelled is missing, as from `create`).
 */
export async function createWithReaders(data: readonly ChatMessage.CreateData[]): Promise<Posted[]> {
  const cls = ChatMessage.implementation;
  const posted: Posted[] = [];
  for (const one of data) {
    const name = foundry.utils.randomID(16);
    const asked = readersOf(one);
    const kept = { name, whisper: [...asked.whisper], blind: asked.blind };
    // A system's own create option, carried to its hooks (chat/register.ts); the v13 types do not know it.
    const options = { [SYSTEM_ID]: { [KEEP]: kept } } as unknown as Parameters<typeof cls.create>[1];
    const message = (await cls.create(one, options)) as Posted | undefined;
    const refused = cancelled.delete(name);
    if (message && restricted(asked) && !sameReaders(asked, readersOf(message))) {
      console.error("fray | Foundry stored a private post with other readers: deleted", {
        asked,
        stored: readersOf(message),
      });
      await message.delete();
      throw new RefusalError(refuse("readersNotKept"));
    }
    if (refused) throw new RefusalError(refuse("readersNotKept"));
    if (message) posted.push(message);
  }
  return posted;
}

/** `createWithReaders` for one message: the message, or null when a hook cancelled it. */
export async function createOneWithReaders(data: ChatMessage.CreateData): Promise<Posted | null> {
  return (await createWithReaders([data]))[0] ?? null;
}
