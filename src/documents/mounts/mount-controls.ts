/**
 * The mount controls a user sees for a token — on the Token HUD and on the actor sheet — and what pressing one
 * does: Mount (onto the user's one targeted token, else the one larger creature in reach), Dismount, or, for a
 * rider pinned under its mount, Escape with Strength «Force» or Agility «Agilité» (FS-MT1, FS-MT2, FS-MT10).
 * Only for the token's owners, and only where fast-slow rules the fight (or the world, outside one).
 */
import { activeFamily } from "../../applications/active-family";
import { notifyRefusal } from "../../applications/notify";
import { ownsActor } from "../../chat/parties";
import { refuse, type Outcome } from "../../rules/outcome";
import { familyOf } from "../combat-api";
import { actorOf, linkOf, sizeOf } from "./mount-context";
import { dismountToken, escapeFromMount, mountToken, type EscapeAttribute } from "./mount-requests";
import { pinFlagOf, riderOn, ridesOf, sceneTokens } from "./mount-store";
import { inReach } from "./token-geometry";

type TokenLike = TokenDocument.Implementation;

export type MountControl = "mount" | "dismount" | "escapeStrength" | "escapeAgility";

export const CONTROL_VIEW: Record<MountControl, { labelKey: string; icon: string }> = {
  mount: { labelKey: "FRAY.Mount.Action.mount", icon: "fa-solid fa-horse" },
  dismount: { labelKey: "FRAY.Mount.Action.dismount", icon: "fa-solid fa-person-walking-arrow-right" },
  escapeStrength: { labelKey: "FRAY.Mount.Escape.strength", icon: "fa-solid fa-hand-fist" },
  escapeAgility: { labelKey: "FRAY.Mount.Escape.agility", icon: "fa-solid fa-person-running" },
};

/** Where mounts apply: a fast-slow fight, or a fast-slow world outside one. */
export function mountsApply(token: TokenLike): boolean {
  const link = linkOf(token);
  return (link ? familyOf(link.combat) : activeFamily()) === "fast-slow";
}

/** The controls `user` may press for `token`, in order. */
export function mountControls(
  token: TokenLike,
  user: User.Implementation | null | undefined,
): MountControl[] {
  const actor = actorOf(token);
  if (!user || !actor || !ownsActor(user, actor) || !mountsApply(token)) return [];
  if (ridesOf(token)) return ["dismount"];
  if (pinFlagOf(token)) return ["escapeStrength", "escapeAgility"];
  if (riderOn(token)) return [];
  return ["mount"];
}

function targetedTokens(): TokenLike[] {
  return [...(game.user?.targets ?? [])].map((t) => t.document).filter((t): t is TokenLike => Boolean(t));
}

/**
 * The creature `rider` would mount: the user's one targeted token on the same scene; else the one larger
 * creature in reach that carries nobody; else none (the user is asked to target it).
 */
export function mountCandidate(rider: TokenLike): TokenLike | null {
  const here = sceneTokens(rider);
  const targeted = targetedTokens().filter((t) => t.id !== rider.id && here.includes(t));
  if (targeted.length === 1) return targeted[0] as TokenLike;
  const near = here.filter(
    (t) => t.id !== rider.id && sizeOf(t) > sizeOf(rider) && !riderOn(t) && !ridesOf(t) && inReach(rider, t),
  );
  return near.length === 1 ? (near[0] as TokenLike) : null;
}

/** Presses a control; a refusal is shown in the user's language. */
export async function pressMountControl(token: TokenLike, control: MountControl): Promise<Outcome<null>> {
  let outcome: Outcome<null>;
  switch (control) {
    case "mount": {
      const mount = mountCandidate(token);
      outcome = mount ? await mountToken(token, mount) : refuse("mountNoCandidate");
      break;
    }
    case "dismount":
      outcome = await dismountToken(token);
      break;
    default: {
      const attribute: EscapeAttribute = control === "escapeStrength" ? "strength" : "agility";
      outcome = await escapeFromMount(token, attribute);
    }
  }
  notifyRefusal(outcome);
  return outcome;
}

interface HudLike {
  readonly document?: TokenLike;
  readonly object?: { readonly document?: TokenLike };
}

/** What the console was told about the HUD's markup (each once). */
const told = new Set<string>();

/**
 * The HUD column the mount buttons go in: core's left column `.col.left` (v13; kept on v14 as far as systems
 * running there show, not confirmed by a v14 page: src/compat/README.md). Should a HUD lack it, the first column
 * takes them, and the console says so once: a changed HUD must not drop the controls without a word.
 */
function hudColumn(html: HTMLElement): Element | null {
  const left = html.querySelector(".col.left");
  if (left) return left;
  const first = html.querySelector(".col");
  const message = first
    ? "fray | the Token HUD has no .col.left column: the mount controls are in its first column"
    : "fray | the Token HUD has no columns (.col): the mount controls are on the actor sheet only";
  if (!told.has(message)) {
    told.add(message);
    console.warn(message);
  }
  return first;
}

/**
 * `renderTokenHUD` (the HUD and its HTMLElement, v13 and v14): the token's mount controls as HUD buttons in the
 * left column. Idempotent: a render hook may run again on DOM that already holds what it added (v14 detached
 * windows, foundryvtt#14417), so the buttons an earlier run added are taken away first. Returns the buttons added
 * (for the tests).
 */
export function addHudControls(hud: HudLike, html: HTMLElement): HTMLElement[] {
  for (const earlier of html.querySelectorAll?.(".fray-hud-mount") ?? []) earlier.remove();
  const token = hud.document ?? hud.object?.document;
  if (!token) return [];
  const controls = mountControls(token, game.user as User.Implementation | null);
  if (!controls.length) return [];
  const column = hudColumn(html);
  if (!column) return [];
  const added: HTMLElement[] = [];
  for (const control of controls) {
    const view = CONTROL_VIEW[control];
    const label = game.i18n?.localize(view.labelKey) ?? view.labelKey;
    const button = document.createElement("button");
    button.type = "button";
    button.classList.add("control-icon", "fray-hud-mount");
    button.dataset.frayMount = control;
    button.setAttribute("aria-label", label);
    button.dataset.tooltip = label;
    button.innerHTML = `<i class="${view.icon}" inert></i>`;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      return pressMountControl(token, control);
    });
    column.appendChild(button);
    added.push(button);
  }
  return added;
}
