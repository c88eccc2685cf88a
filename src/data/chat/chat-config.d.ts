// Typed configuration for the chat cards (fvtt-types): the attack message model and Fray's ChatMessage class.
import type { FrayChatMessage } from "../../documents/chat-message";
import type { AttackMessageModel } from "./attack-message";
import type { CheckMessageModel } from "./check-message";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    ChatMessage: {
      attack: typeof AttackMessageModel;
      check: typeof CheckMessageModel;
    };
  }
  interface DocumentClassConfig {
    ChatMessage: typeof FrayChatMessage;
  }
}
