/**
 * Everything that differs between Foundry v13 (what we type against) and v14 (what most tables run) goes
 * through here, so a v14 port changes this file only (FOUNDRY-API.md, "stay ready for it").
 */

/** The running Foundry generation (13, 14…). */
export function generation(): number {
  return Number(game.release?.generation ?? 13);
}

export interface StatusDefinition {
  id: string;
  name: string;
  img: string;
}

/** Adds a status effect by id, once (v13: an array; v14: a record keyed by id). Never splices. */
export function addStatusEffect(status: StatusDefinition): void {
  const effects = CONFIG.statusEffects as unknown;
  if (Array.isArray(effects)) {
    if (!effects.some((e: { id?: string }) => e.id === status.id)) effects.push({ ...status });
  } else if (effects && typeof effects === "object") {
    const record = effects as Record<string, unknown>;
    record[status.id] ??= { ...status };
  }
}

export interface MenuEntry {
  /** The label's i18n key (core localizes it). */
  label: string;
  /** Font Awesome classes, e.g. "fa-solid fa-dice" (v13 wants an `<i>` element, v14 the class string). */
  icon: string;
  /** Whether the entry shows for the element the menu was opened on. */
  visible: (target: HTMLElement) => boolean;
  /** What a click does, given the element the menu was opened on. */
  onClick: (target: HTMLElement) => void | Promise<void>;
}

/**
 * The element a v13 callback receives: an HTMLElement, or a jQuery object wrapping it when the ContextMenu was
 * made without `jQuery: false` (v13 ContextMenuJQueryCallback, ContextMenuCondition).
 */
function menuTarget(target: unknown): HTMLElement {
  const wrapped = target as { jquery?: unknown; 0?: HTMLElement } | null;
  return (typeof wrapped?.jquery === "string" ? wrapped[0] : target) as HTMLElement;
}

/**
 * A context-menu entry in the running version's shape. v13 (ContextMenuEntry): `name`, `icon` as an HTML icon
 * element, `condition(target)`, `callback(target)`. v14: `label`, `icon` as a class name, `visible(target)`,
 * `onClick(event, target)` — the element comes second.
 */
export function contextMenuEntry(entry: MenuEntry): Record<string, unknown> {
  if (generation() >= 14)
    return {
      label: entry.label,
      icon: entry.icon,
      visible: (target: HTMLElement) => entry.visible(target),
      onClick: (_event: PointerEvent, target: HTMLElement) => entry.onClick(target),
    };
  return {
    name: entry.label,
    icon: `<i class="${foundry.utils.escapeHTML(entry.icon)}" inert></i>`,
    condition: (target: unknown) => entry.visible(menuTarget(target)),
    callback: (target: unknown) => entry.onClick(menuTarget(target)),
  };
}

/**
 * The label key of a context-menu entry as the running version names it: v14 `label`, v13 `name`. On v14 `name`
 * is never read: v14 deprecates it (a console warning until v16). Undefined for an entry of the other shape.
 */
export function contextMenuEntryLabel(entry: object): string | undefined {
  const label = (entry as { label?: unknown; name?: unknown })[generation() >= 14 ? "label" : "name"];
  return typeof label === "string" ? label : undefined;
}

/**
 * Draws a chat message again in the chat log, as after an update (`ChatLog#updateMessage`, v13 and v14).
 * fvtt-types 13.346 does not declare `updateMessage` on ChatLog, hence the one cast; called as a method.
 */
export async function redrawChatMessage(message: ChatMessage.Implementation): Promise<void> {
  // ChatLog#updateMessage exists in v13 and v14 but not in fvtt-types 13.346.
  const log = ui.chat as unknown as {
    updateMessage?(message: ChatMessage.Implementation): Promise<unknown>;
  } | null;
  await log?.updateMessage?.(message);
}
