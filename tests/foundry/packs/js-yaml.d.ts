// js-yaml ships without types (it arrives with @foundryvtt/foundryvtt-cli); the tests only parse.
declare module "js-yaml" {
  export function load(text: string): unknown;
}
