/**
 * The smoke projects' setup file: registers the resolve hook that gives every client page its own copy of the
 * system's chunks too (page-query-hook.mjs; README, "Each client its own realm").
 */
import { register } from "node:module";

register("./page-query-hook.mjs", import.meta.url);
