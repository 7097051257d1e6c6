import { isIP, type LookupFunction, type Socket } from 'node:net';
import type { buildConnector } from 'undici';
import { forbiddenAddressReason } from './address-policy.js';
import { resolveHost, type HostLookup } from './host-check.js';

/** The connection was refused by the address policy; nothing was sent. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_ASSAY_BLOCKED_ADDRESS';
  override readonly name = 'BlockedAddressError';
}

export interface GuardedConnectorOptions {
  readonly allowPrivate: boolean;
  readonly lookup: HostLookup;
  readonly connectTimeoutMs: number;
  /** undici's, which the connector wraps (undici is loaded on demand: see undici.ts). */
  readonly buildConnector: typeof buildConnector;
}

export interface GuardedConnector {
  readonly connect: buildConnector.connector;
  /** The peer address of the last socket this connector opened. */
  readonly connectedAddress: () => string | undefined;
}

const familyOf = (family: unknown): 0 | 4 | 6 => (family === 4 || family === 'IPv4' ? 4 : family === 6 || family === 'IPv6' ? 6 : 0);

/**
 * A `lookup` for net.connect that resolves and checks every address before the socket is opened. Checking
 * here, rather than before the request, is what defeats DNS rebinding: the addresses validated are the
 * very ones the socket is handed, so there is no second resolution that could answer differently.
 */
const guardedLookup =
  (options: GuardedConnectorOptions): LookupFunction =>
  (hostname, lookupOptions, callback) => {
    const answer = (verdictOrError: Awaited<ReturnType<typeof resolveHost>> | Error): void => {
      // Escape the promise chain so an exception thrown by net's callback is not swallowed as a rejection.
      process.nextTick(() => {
        if (verdictOrError instanceof Error) return callback(verdictOrError, '');
        if (!verdictOrError.ok) {
          const error: NodeJS.ErrnoException = verdictOrError.blocked
            ? new BlockedAddressError(verdictOrError.reason)
            : Object.assign(new Error(verdictOrError.reason), { code: 'ENOTFOUND', hostname });
          return callback(error, '');
        }
        const wanted = familyOf(lookupOptions.family);
        const entries = verdictOrError.addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => wanted === 0 || entry.family === wanted);
        const first = entries[0];
        if (first === undefined) {
          return callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }), '');
        }
        if (lookupOptions.all === true) return callback(null, entries);
        callback(null, first.address, first.family);
      });
    };
    resolveHost(hostname, options.lookup, options.allowPrivate).then(answer, (error: unknown) =>
      answer(error instanceof Error ? error : new Error(String(error))),
    );
  };

/**
 * undici's own connector with the guarded lookup, plus two checks the lookup cannot make: net.connect
 * skips `lookup` for a literal IP, so literals are checked here; and the peer address of the connected
 * socket is checked once more before a single byte of the request is written.
 */
export const createGuardedConnector = (options: GuardedConnectorOptions): GuardedConnector => {
  const base = options.buildConnector({ timeout: options.connectTimeoutMs, lookup: guardedLookup(options) });
  let connected: string | undefined;
  const refuse = (address: string): string | undefined => (options.allowPrivate ? undefined : forbiddenAddressReason(address));

  const connect: buildConnector.connector = (connectOptions, callback) => {
    const literalReason = isIP(connectOptions.hostname) !== 0 ? refuse(connectOptions.hostname) : undefined;
    if (literalReason !== undefined) {
      callback(new BlockedAddressError(literalReason), null);
      return;
    }
    base(connectOptions, (error, socket) => {
      if (error !== null || socket === null) {
        callback(error ?? new Error('connector returned no socket'), null);
        return;
      }
      const peer = (socket as Socket).remoteAddress;
      const peerReason = peer === undefined ? (options.allowPrivate ? undefined : 'the connected socket has no peer address') : refuse(peer);
      if (peerReason !== undefined) {
        socket.destroy();
        callback(new BlockedAddressError(peerReason), null);
        return;
      }
      connected = peer;
      callback(null, socket);
    });
  };
  return { connect, connectedAddress: () => connected };
};
