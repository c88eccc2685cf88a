// The fvtt-cli ships JavaScript only: the one function the world harness calls.
declare module "@foundryvtt/foundryvtt-cli" {
  export function extractPack(
    src: string,
    dest: string,
    options?: { log?: boolean; transformEntry?: (entry: Record<string, unknown>) => unknown },
  ): Promise<void>;
}
