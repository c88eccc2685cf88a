/**
 * Rolls added to a card after it was posted (a defense, a damage roll, the fumble table) are not animated by
 * Dice So Nice on their own: show them the way the message shows (its whisper and blind flags). A no-op
 * without the module.
 */
interface DiceSoNice {
  showForRoll(
    roll: Roll,
    user: User.Implementation | null,
    synchronize: boolean,
    users: string[] | null,
    blind: boolean,
    messageId: string | null,
    speaker: unknown,
  ): Promise<boolean>;
}

/** The ids of the users a message is whispered to (none: everyone sees it). */
export function whisperOf(message: ChatMessage.Implementation): string[] {
  return (message.whisper ?? []).filter((id) => typeof id === "string");
}

export async function showRolls(message: ChatMessage.Implementation, rolls: readonly Roll[]): Promise<void> {
  // Dice So Nice adds `game.dice3d`; Foundry's types cannot know a module's API, so it is typed here.
  const dice3d = "dice3d" in game ? (game.dice3d as DiceSoNice | undefined) : undefined;
  if (!dice3d) return;
  const whisper = whisperOf(message);
  await Promise.all(
    rolls.map((roll) =>
      dice3d.showForRoll(
        roll,
        (game.user as User.Implementation | null) ?? null,
        true,
        whisper.length ? whisper : null,
        Boolean(message.blind),
        message.id,
        message.speaker,
      ),
    ),
  );
}
