/**
 * A hostile player at the table (issue 24): what a player's console can do that its page's own code never does.
 * A raw write goes through the server's permission rules (tests/harness/world/server.ts) but skips every hook of
 * Fray's on the writer's page; a forged request is a raw write of a request entry on the player's own User, which
 * the GM answers as it answers any (src/net/mailbox.ts).
 */
import type { WorldPage } from "../../harness/world/page";
import type { Table } from "./table";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

/** A raw write from a page's socket: the server's rules apply, none of the page's own hooks run. */
export function hostileWrite(
  page: WorldPage,
  action: "create" | "update" | "delete",
  doc: Any,
  data: Record<string, unknown>,
  options: Record<string, unknown> = {},
): Promise<unknown> {
  return page.run(() =>
    page.send({
      action,
      documentName: doc.documentName,
      parent: doc.parent?.path ?? [],
      data: [action === "create" ? data : { _id: doc.id, ...data }],
      options,
    }),
  );
}

/**
 * A request written straight into the player's own User (`flags.fray.requests.<id>`, as mailbox.ts's `post`
 * writes it, without its wait), the table settled; the GM's answer as the player's page saw it arrive (its own
 * code deletes every answer it did not wait for, so it is caught on the way in).
 */
export async function hostileAsk(
  table: Table,
  page: WorldPage,
  name: string,
  payload: unknown,
): Promise<Any> {
  const id = `forged${Math.random().toString(36).slice(2, 12)}`;
  const answers: string[] = [];
  const hook = table.on(page, (g) =>
    g.Hooks.on("updateUser", (_user: Any, changes: Any) => {
      // The GM writes its answer as a JSON string; the page's own deletion of it comes after (v13 `-=id`, v14 an operator).
      const answer = changes?.flags?.fray?.answers?.[id];
      if (typeof answer === "string") answers.push(answer);
    }),
  );
  const user = table.on(page, (g) => g.game.user);
  await hostileWrite(page, "update", user, {
    flags: { fray: { requests: { [id]: { name, payload: JSON.stringify(payload) } } } },
  });
  await table.settle(`${page.name} forges ${name}`);
  table.on(page, (g) => g.Hooks.off("updateUser", hook));
  return answers.length === 1 ? JSON.parse(answers[0]!) : { answers };
}
