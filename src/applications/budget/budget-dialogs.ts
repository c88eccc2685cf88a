/**
 * The small forms some spends need (FS-A10 prepare with its trigger, FS-A11 reload, FS-M5/FS-M6 jump, OD-R4
 * reaction and intrusive action, AD-M1…AD-M8 manoeuvres with a weapon, an option or a target). One template
 * (`templates/budget/budget-dialog.hbs`); a field is a select (options with i18n keys or names), a checkbox, a
 * number or a text.
 */
import { templatePath } from "../../utils/paths";

export interface DialogOption {
  readonly value: string;
  /** i18n key of the label, or `text` for a name. */
  readonly key?: string;
  readonly text?: string;
  readonly selected?: boolean;
}

export interface DialogField {
  readonly name: string;
  /** i18n key. */
  readonly label: string;
  readonly options?: readonly DialogOption[];
  readonly checkbox?: boolean;
  readonly number?: boolean;
  readonly value?: string | number | boolean;
  readonly step?: number;
  readonly min?: number;
  readonly max?: number;
  readonly required?: boolean;
}

let nextId = 1;

/** Shows the form; resolves with its values (strings, numbers, booleans), or null when dismissed. */
export async function askFields(
  title: string,
  fields: readonly DialogField[],
  info: readonly string[] = [],
): Promise<Record<string, unknown> | null> {
  const { DialogV2 } = foundry.applications.api;
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("budget/budget-dialog"), {
    id: `d${nextId++}`,
    fields,
    info,
  });
  const result: unknown = await DialogV2.prompt({
    window: { title },
    content,
    ok: {
      label: "FRAY.Budget.Ui.confirm",
      callback: (_event: unknown, button: HTMLButtonElement) =>
        new foundry.applications.ux.FormDataExtended(button.form as HTMLFormElement).object,
    },
    rejectClose: false,
  });
  return result && typeof result === "object" ? (result as Record<string, unknown>) : null;
}
