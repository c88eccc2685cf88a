/** The system's id: the one place it is spelled (paths, settings namespace, socket, flags). */
export const SYSTEM_ID = "fray";

/** The socket channel Foundry opens for a system with `"socket": true`. */
export const SYSTEM_SOCKET = `system.${SYSTEM_ID}`;
