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

export async function showRolls(message: ChatMessage.Implementation, rolls: readonly Roll[]): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: DiceSoNice }).dice3d;
  if (!dice3d) return;
  const whisper = (message.whisper as unknown as string[] | undefined) ?? [];
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
