import { SYSTEM_ID } from "../constants";

/** A path inside the installed system, e.g. `systemPath("templates/actor/header.hbs")`. */
export function systemPath(path: string): string {
  return `systems/${SYSTEM_ID}/${path.replace(/^\/+/, "")}`;
}

/** A template path: `templatePath("actor/header")` → `systems/fray/templates/actor/header.hbs`. */
export function templatePath(name: string): string {
  return systemPath(`templates/${name}.hbs`);
}
