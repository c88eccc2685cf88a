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

/** The key of the core setting that holds the user's chosen roll (v13) or message (v14) mode. */
export function messageModeSetting(): "rollMode" | "messageMode" {
  return generation() >= 14 ? "messageMode" : "rollMode";
}

/** The user's current roll/message mode, for `ChatMessage.applyRollMode` / `applyMode`. */
export function currentMessageMode(): string {
  // v14's `core.messageMode` is unknown to the v13 types; called on game.settings itself (never detached).
  const settings = game.settings as unknown as { get(namespace: string, key: string): unknown };
  return String(settings.get("core", messageModeSetting()) ?? (generation() >= 14 ? "public" : "publicroll"));
}

/** Applies a roll/message mode to chat message data, whichever the running version calls it. */
export function applyMessageMode(data: Record<string, unknown>, mode: string): Record<string, unknown> {
  const cls = ChatMessage as unknown as {
    applyRollMode?: (d: Record<string, unknown>, m: string) => Record<string, unknown>;
    applyMode?: (d: Record<string, unknown>, m: string) => Record<string, unknown>;
  };
  if (generation() >= 14 && cls.applyMode) return cls.applyMode(data, mode);
  return cls.applyRollMode ? cls.applyRollMode(data, mode) : data;
}

export interface MenuEntry {
  label: string;
  icon: string;
  visible: (target: HTMLElement) => boolean;
  onClick: (target: HTMLElement) => void | Promise<void>;
}

/** A context-menu entry in the running version's shape (v13: name/condition/callback; v14: label/visible/onClick). */
export function contextMenuEntry(entry: MenuEntry): Record<string, unknown> {
  if (generation() >= 14) return { ...entry };
  return { name: entry.label, icon: entry.icon, condition: entry.visible, callback: entry.onClick };
}
