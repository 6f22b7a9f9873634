/** The live agent's timings and limits (spec 002 §4, §5, §9). */

/** How long one call to the messaging service may take. */
export const HTTP_TIMEOUT_MS = 30_000;
/** While queued, the queue is asked again this often. */
export const QUEUE_POLL_MS = 5_000;
/** The socket's heartbeat (cmd 1). */
export const HEARTBEAT_MS = 10_000;
/** A dropped socket is opened again up to this many times, this far apart. */
export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 15_000;
/** While connected, the socket's drops are counted this often; more than the limit recovers. */
export const STABILITY_CHECK_MS = 10_000;
export const STABILITY_MAX_FAILURES = 3;
/** Socket errors above this count end in `error`. */
export const SOCKET_ERROR_LIMIT = 3;
/** The messaging token is checked this often, and refreshed when less than the margin remains. */
export const TOKEN_CHECK_MS = 60_000;
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
/** After the socket drops, the session's state is read again this much later. */
export const STATUS_UPDATE_DELAY_MS = 1_000;
/** A message arriving before the client's own `sendId` is known waits this long. */
export const EARLY_MESSAGE_DELAY_MS = 300;
/** The third variant's user info is kept this long (12 hours). */
export const USER_INFO_TTL_MS = 43_200_000;

/** Message types on the wire. */
export const MESSAGE_TYPE = { text: 0, image: 1, file: 2 } as const;

/** The numbered socket commands. */
export const CMD = { auth: 0, heartbeat: 1, close: 2, message: 3, groupMessage: 4, presence: 6 } as const;

/** The `bizType` and `channel` the third variant's temporary session is created with. */
export const TEMP_SESSION_BIZ_TYPE = "UF";
export const TEMP_SESSION_CHANNEL = "waybill-web";
