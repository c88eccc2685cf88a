import { loc } from "../../utils/loc";

export interface ChoiceOption {
  value: string;
  label: string;
  selected: boolean;
}

/** `<option>` rows for a select: stored values, localized labels `${prefix}.${value}`. */
export function choiceOptions(values: readonly string[], prefix: string, current: string): ChoiceOption[] {
  return values.map((value) => ({ value, label: loc(`${prefix}.${value}`), selected: value === current }));
}
