import type { IncomingHttpHeaders } from 'node:http';
import { startHttpPeer } from './http-peer.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Reply = { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP receiver for callbacks on 127.0.0.1: records every request and answers from a script
 * (one reply per request, the last one repeating).
 */
export const startReceiver = async (script: Reply[] = [{ status: 200 }]) => {
  const received: Received[] = [];
  let replies = [...script];
  const peer = await startHttpPeer((request, response, body) => {
    received.push({ headers: request.headers, body, at: Date.now() });
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    if (reply === 'hang') return;
    response.writeHead(reply.status, reply.headers ?? {}).end('ok');
  });
  return {
    url: `${peer.origin}/hooks/assay`,
    port: peer.port,
    received,
    script: (next: Reply[]) => {
      replies = [...next];
    },
    close: peer.close,
  };
};
